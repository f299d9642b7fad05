import Foundation
import MetroTestSupport
import XCTest

@testable import CLIKit
@testable import MetroCore
@testable import MetroTimerCLI
@testable import TimetableGenCLI

/// Ukrainian all the way down: with `--lang uk` the messages about the state and
/// settings directories, their locks and files, the notes about loose modes, and the system's own
/// reason inside them (strerror's "Not a directory") are Ukrainian; with `--lang en` every one of
/// them reads exactly as before.
final class UkrainianErrorsTests: XCTestCase {
    var base = ""

    override func setUpWithError() throws {
        base = try TestPaths.temporaryDirectory(self)
    }

    /// Runs ARGS in-process twice, `--lang uk` and `--lang en`; the Ukrainian run must hold no
    /// English word (the detector of `UkrainianEverywhereTests`) on either stream.
    func run(
        _ arguments: [String], _ environment: [String: String], expect code: Int32,
        file: StaticString = #filePath, line: UInt = #line
    ) -> (uk: CLIResult, en: CLIResult) {
        let environment = environment.merging(["NO_COLOR": "1"]) { $1 }
        let uk = CLI.run(arguments + ["--lang", "uk"], environment: environment)
        let en = CLI.run(arguments + ["--lang", "en"], environment: environment)
        XCTAssertEqual(uk.code, code, "\(arguments): \(uk.stderr)", file: file, line: line)
        XCTAssertEqual(en.code, code, "\(arguments): \(en.stderr)", file: file, line: line)
        for (stream, text) in [("stdout", uk.stdout), ("stderr", uk.stderr)] {
            XCTAssertEqual(
                UkrainianText.englishWords(text), [], "\(arguments) \(stream):\n\(text)", file: file, line: line)
        }
        return (uk, en)
    }

    func mode(_ path: String) -> mode_t {
        var info = stat()
        return stat(path, &info) == 0 ? info.st_mode & 0o777 : 0
    }

    // MARK: - The directories

    func testAStateDirectoryThatCannotBeADirectory() throws {
        let file = base + "/file"
        XCTAssertTrue(FileManager.default.createFile(atPath: file, contents: Data()))
        // Below a file: the system's ENOTDIR.
        let below = run(["status"], ["METRO_TIMER_HOME": file + "/x"], expect: 1)
        XCTAssertEqual(below.en.stderr, "Error: cannot use the state directory \(file)/x: Not a directory\n")
        XCTAssertEqual(below.uk.stderr, "Помилка: не вдається використати каталог стану \(file)/x: Не є каталогом\n")
        // The file itself.
        let itself = run(["status"], ["METRO_TIMER_HOME": file], expect: 1)
        XCTAssertEqual(
            itself.en.stderr, "Error: cannot use the state directory \(file): it exists and is not a directory\n")
        XCTAssertTrue(
            itself.uk.stderr.hasPrefix("Помилка: не вдається використати каталог стану \(file): "), itself.uk.stderr)
    }

    func testASettingsDirectoryThatCannotBeADirectory() throws {
        let file = base + "/file"
        XCTAssertTrue(FileManager.default.createFile(atPath: file, contents: Data()))
        let below = run(["changes", "add", "--closed", "Dnipro"], ["METRO_TIMER_CONFIG": file + "/x"], expect: 1)
        XCTAssertEqual(below.en.stderr, "Error: cannot use the settings directory \(file)/x: Not a directory\n")
        XCTAssertEqual(
            below.uk.stderr, "Помилка: не вдається використати каталог налаштувань \(file)/x: Не є каталогом\n")
        let itself = run(["changes", "list"], ["METRO_TIMER_CONFIG": file], expect: 1)
        XCTAssertEqual(
            itself.en.stderr, "Error: cannot use the settings directory \(file): it exists and is not a directory\n")
        XCTAssertTrue(
            itself.uk.stderr.hasPrefix("Помилка: не вдається використати каталог налаштувань \(file): "),
            itself.uk.stderr)
        // One that cannot be made: Foundation's error, its system reason in Ukrainian.
        let made = CLI.run(
            ["changes", "add", "--closed", "Dnipro", "--lang", "uk"],
            environment: ["METRO_TIMER_CONFIG": "/proc/no-such/metro-timer"])
        XCTAssertEqual(made.code, 1)
        XCTAssertEqual(
            made.stderr,
            "Помилка: не вдається використати каталог налаштувань /proc/no-such/metro-timer: не вдається його створити (Немає такого файла або каталогу)\n"
        )
    }

    func testDirectoriesAndFilesOfAnotherUser() throws {
        guard geteuid() == 0 else { throw XCTSkip("needs root to give a directory to another user") }
        let state = base + "/state"
        let config = base + "/config"
        for directory in [state, config] {
            try FileManager.default.createDirectory(
                atPath: directory, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
            XCTAssertEqual(chown(directory, 12345, 12345), 0)
        }
        let refused = run(["status"], ["METRO_TIMER_HOME": state], expect: 1)
        XCTAssertEqual(
            refused.en.stderr,
            "Error: cannot use the state directory \(state): it belongs to user 12345, not to you (user 0); set METRO_TIMER_HOME to a directory of your own\n"
        )
        XCTAssertTrue(refused.uk.stderr.contains("12345"), refused.uk.stderr)
        for arguments in [["changes", "list"], ["changes", "add", "--closed", "Dnipro"]] {
            let settings = run(arguments, ["METRO_TIMER_CONFIG": config], expect: 1)
            XCTAssertEqual(
                settings.en.stderr,
                "Error: cannot use the settings directory \(config): it belongs to user 12345, not to you (user 0); metro-timer will not keep your trips there\n"
            )
            XCTAssertTrue(
                settings.uk.stderr.hasPrefix("Помилка: не вдається використати каталог налаштувань \(config): "),
                settings.uk.stderr)
        }
        // A file of another user in a directory of one's own.
        let mine = base + "/mine"
        try FileTripStore(directory: mine).update { trip in
            trip = Trip(
                id: "t", origin: Kyiv.station("Lisova").code, destination: Kyiv.station("Teremky").code,
                t0: Kyiv.date("2026-11-30 11:50"))
        }
        XCTAssertEqual(chown(mine + "/trip.json", 12345, 12345), 0)
        let file = run(["status"], ["METRO_TIMER_HOME": mine], expect: 65)
        XCTAssertEqual(
            file.en.stderr,
            "Error: the trip file \(mine)/trip.json is unreadable (it belongs to user 12345, not to you (user 0); metro-timer uses only its own files); it was left as it is. Move it away to start afresh.\n"
        )
    }

    // MARK: - Notes

    func testALooseDirectoryIsRefusedInTheLanguage() throws {
        for language in ["uk", "en"] {
            let state = base + "/state-" + language
            try FileManager.default.createDirectory(
                atPath: state, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o755])
            XCTAssertEqual(chmod(state, 0o755), 0)
            let result = CLI.run(
                ["journal", "--lang", language], environment: ["NO_COLOR": "1", "METRO_TIMER_HOME": state])
            XCTAssertEqual(result.code, 1, result.stderr)
            XCTAssertEqual(mode(state), 0o755)
            if language == "en" {
                XCTAssertTrue(
                    result.stderr.hasPrefix(
                        "Error: cannot use the state directory \(state): others can use it (mode 755)"), result.stderr)
            } else {
                XCTAssertEqual(UkrainianText.englishWords(result.stdout + result.stderr), [], result.stderr)
                XCTAssertTrue(
                    result.stderr.contains("755") && result.stderr.contains("chmod 700 \(state)"), result.stderr)
            }
        }
    }

    func testTimetableGenSaysItsRefusalInTheLanguage() throws {
        let home = base + "/home"
        try FileManager.default.createDirectory(
            atPath: home + "/data", withIntermediateDirectories: true, attributes: [.posixPermissions: 0o755])
        let out = StringSink()
        let err = StringSink()
        let code = Generator.main(
            arguments: ["install", "--data", TestPaths.data],
            environment: ["METRO_TIMER_HOME": home, "LANG": "uk_UA.UTF-8"],
            stdout: out, stderr: err, currentDirectory: "/")
        XCTAssertEqual(code, 1, err.text)
        XCTAssertTrue(err.text.hasPrefix("Помилка: не вдалося встановити розклад у \(home)/data: "), err.text)
        XCTAssertEqual(UkrainianText.englishWords(err.text), [], err.text)
        XCTAssertEqual(mode(home + "/data"), 0o755)
    }

    // MARK: - Locks and writes

    func testALockThatCannotBeTakenOrIsHeld() throws {
        let state = base + "/state"
        try FileManager.default.createDirectory(
            atPath: state + "/.lock", withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        let cannot = run(["calibration", "--reset", "--yes"], ["METRO_TIMER_HOME": state], expect: 1)
        XCTAssertEqual(cannot.en.stderr, "Error: cannot lock \(state)/.lock: Is a directory\n")
        XCTAssertEqual(cannot.uk.stderr, "Помилка: не вдається заблокувати \(state)/.lock: Є каталогом\n")
        // Held by another: the bounded wait ends in an error naming the holder.
        try FileManager.default.removeItem(atPath: state + "/.lock")
        let descriptor = open(state + "/.lock", O_RDWR | O_CREAT, 0o600)
        XCTAssertGreaterThanOrEqual(descriptor, 0)
        defer { close(descriptor) }
        XCTAssertEqual(flock(descriptor, LOCK_EX), 0)
        _ = pwrite(descriptor, Array("4242\n".utf8), 5, 0)
        let held = run(["calibration", "--reset", "--yes"], ["METRO_TIMER_HOME": state], expect: 1)
        XCTAssertEqual(
            held.en.stderr,
            "Error: \(state)/.lock is held by another metro-timer (process 4242); try again in a moment\n")
        XCTAssertTrue(held.uk.stderr.contains("4242"), held.uk.stderr)
    }

    func testAFileThatCannotBeWritten() throws {
        // An export into a directory that does not exist: the atomic write's own error.
        let missing = base + "/missing/journal.json"
        let export = run(["journal", "--export", missing], ["METRO_TIMER_HOME": base + "/state"], expect: 1)
        XCTAssertEqual(export.en.stderr, "Error: cannot write \(missing): No such file or directory\n")
        XCTAssertEqual(export.uk.stderr, "Помилка: не вдається записати \(missing): Немає такого файла або каталогу\n")
        // A private file that something else took the place of (a FIFO) is refused, not replaced.
        let fifo = base + "/fifo"
        XCTAssertEqual(mkfifo(fifo, 0o600), 0)
        for (language, expected) in [(Language.en, "cannot write \(fifo): it is not a regular file"), (.uk, nil)] {
            XCTAssertThrowsError(try FileTripStore.writePrivate("{}\n", to: fifo, language: language)) { error in
                guard case .data(let message) = error as? CLIError else { return XCTFail("\(error)") }
                if let expected {
                    XCTAssertEqual(message, expected)
                } else {
                    XCTAssertTrue(message.hasPrefix("не вдається записати \(fifo): "), message)
                    XCTAssertEqual(UkrainianText.englishWords(message), [], message)
                }
            }
        }
        // The journal as a link: the append is refused.
        let state = base + "/state"
        try FileTripStore(directory: state).update { trip in
            trip = Trip(
                id: "t", origin: Kyiv.station("Lisova").code, destination: Kyiv.station("Teremky").code,
                t0: Kyiv.date("2026-11-30 11:20"))
        }
        XCTAssertEqual(symlink(base + "/elsewhere", state + "/journal.jsonl"), 0)
        let arrived = CLI.run(["arrived", "--lang", "uk"], environment: ["NO_COLOR": "1", "METRO_TIMER_HOME": state])
        XCTAssertNotEqual(arrived.code, 0)
        XCTAssertEqual(UkrainianText.englishWords(arrived.stdout + arrived.stderr), [], arrived.stderr)
    }

    func testAnInstalledTimetableThatIsALink() throws {
        let home = base + "/home"
        try FileManager.default.createDirectory(
            atPath: home + "/data", withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        XCTAssertEqual(symlink(base + "/elsewhere", home + "/data/network.json"), 0)
        let result = run(["stations"], ["METRO_TIMER_HOME": home], expect: 65)
        XCTAssertEqual(
            result.en.stderr,
            "Error: the installed timetable \(home)/data/network.json cannot be read (it is a symbolic link, and metro-timer never follows links in its own directories). Remove it with 'timetable-gen install --remove' (metro-timer then uses its built-in timetable).\n"
        )
    }

    // MARK: - Standard output

    func testAFullDiskIsSaidInUkrainianWithTheSystemsReason() throws {
        guard FileManager.default.fileExists(atPath: "/dev/full") else { throw XCTSkip("no /dev/full") }
        let binary = TestPaths.products.appendingPathComponent("metro-timer").path
        let uk = try ProcessRunner.run(executable: "/bin/sh", ["-c", "'\(binary)' stations --lang uk > /dev/full"])
        XCTAssertEqual(uk.code, 1)
        XCTAssertEqual(uk.stderr, "Помилка: не вдається писати в стандартний вивід: Недостатньо місця на пристрої\n")
        let en = try ProcessRunner.run(executable: "/bin/sh", ["-c", "'\(binary)' stations --lang en > /dev/full"])
        XCTAssertEqual(en.stderr, "Error: cannot write to standard output: No space left on device\n")
    }

    // MARK: - The system's reasons

    func testTheSystemsReasonsInUkrainian() {
        let expected: [(Int32, String)] = [
            (ENOENT, "Немає такого файла або каталогу"), (EACCES, "Відмовлено у доступі"), (EPERM, "Дію заборонено"),
            (ENOTDIR, "Не є каталогом"), (EISDIR, "Є каталогом"), (ENOSPC, "Недостатньо місця на пристрої"),
            (EROFS, "Файлова система тільки для зчитування"),
        ]
        for (code, text) in expected {
            XCTAssertEqual(SystemReason.text(code, .uk), text)
            XCTAssertEqual(SystemReason.text(code, .en), String(cString: strerror(code)))
        }
        for code in [
            ENOENT, EACCES, EPERM, ENOTDIR, EISDIR, ENOSPC, EROFS, EDQUOT, EEXIST, ELOOP, EIO, EPIPE, ENAMETOOLONG,
            EMFILE, ENFILE, EBUSY, EAGAIN, ENOMEM, EFBIG, EXDEV, ETXTBSY,
        ] {
            let text = SystemReason.text(code, .uk)
            XCTAssertTrue(text.containsCyrillic, "\(code): \(text)")
            XCTAssertEqual(UkrainianText.englishWords(text), [], text)
        }
        // Others fall back to the system's English text.
        XCTAssertEqual(SystemReason.text(ECHILD, .uk), String(cString: strerror(ECHILD)))
    }
}
