/// The shell side of completion: each script passes the words typed so far to the program's
/// hidden `__complete` entry and offers what comes back (see `Completer`). The scripts call the
/// program the way it was typed (`./metro-timer`, a full path, or the name on `PATH`), so an
/// installed copy and a development build each complete with their own knowledge.
package enum CompletionScript {
    package enum Shell: String, CaseIterable, Sendable {
        case bash, zsh, fish
    }

    package static func script(_ shell: Shell, command: String) -> String {
        switch shell {
        case .bash: return bash(command)
        case .zsh: return zsh(command)
        case .fish: return fish(command)
        }
    }

    /// A name usable inside shell function names: `metro-timer` → `metro_timer`.
    static func identifier(_ command: String) -> String {
        String(command.map { $0.isLetter || $0.isNumber ? $0 : "_" })
    }

    static func bash(_ command: String) -> String {
        let function = "_" + identifier(command)
        return """
            # bash completion for \(command). Load it with
            #   source <(\(command) completions bash)
            # or install it as share/bash-completion/completions/\(command).

            # The program writes each candidate ready for readline: quoted for the shell, or
            # for the inside of a quote left open in the word being typed (see Completer.bashWord).
            \(function)() {
                local IFS=$'\\n'
                COMPREPLY=($("${COMP_WORDS[0]}" __complete --shell=bash "${COMP_WORDS[@]:1:COMP_CWORD}" 2>/dev/null))
                if [[ "${COMPREPLY[0]}" == ":files" ]]; then
                    compopt -o filenames 2>/dev/null
                    COMPREPLY=($(compgen -f -- "${COMP_WORDS[COMP_CWORD]}"))
                fi
                return 0
            }

            complete -F \(function) \(command)

            """
    }

    static func zsh(_ command: String) -> String {
        let function = "_" + command
        return """
            #compdef \(command)
            # zsh completion for \(command). Install it as _\(command) in a directory on $fpath
            # (share/zsh/site-functions), or load it with
            #   source <(\(command) completions zsh)
            # after compinit.

            \(function)() {
                local -a lines candidates shown
                local program="${(Q)words[1]}" line
                lines=("${(@f)$("${~program}" __complete --shell=zsh "${(@)words[2,CURRENT]}" 2>/dev/null)}")
                lines=("${(@)lines:#}")
                if [[ "${lines[1]}" == ":files" ]]; then
                    _files
                    return
                fi
                # Each line is a candidate, then after a tab what it is (a subcommand's summary,
                # an option's help, the current name of a former one).
                for line in "${(@)lines}"; do
                    candidates+=("${line%%$'\\t'*}")
                    if [[ "$line" == *$'\\t'* ]]; then
                        shown+=("${line%%$'\\t'*}  -- ${line#*$'\\t'}")
                    else
                        shown+=("$line")
                    fi
                done
                # The program has already matched what was typed (in either alphabet, former
                # names too) and every candidate begins with it, so zsh is told not to filter
                # again (-U); the common prefix it inserts is never shorter than the word typed.
                if [[ "${(j::)lines}" == *$'\\t'* ]]; then
                    compadd -U -l -d shown -- "${(@)candidates}"
                else
                    compadd -U -- "${(@)candidates}"
                fi
            }

            if [[ "${funcstack[1]}" == "\(function)" ]]; then
                \(function) "$@"
            else
                compdef \(function) \(command)
            fi

            """
    }

    static func fish(_ command: String) -> String {
        let function = "__" + identifier(command) + "_complete"
        return """
            # fish completion for \(command). Install it as
            # share/fish/vendor_completions.d/\(command).fish, or load it with
            #   \(command) completions fish | source

            function \(function)
                set -l tokens (commandline -opc)
                set -l current (commandline -ct)
                set -l program $tokens[1]
                set -e tokens[1]
                set -l candidates ($program __complete --shell=fish $tokens $current 2>/dev/null)
                if test "$candidates[1]" = ":files"
                    __fish_complete_path $current
                    return
                end
                # A tab separates each candidate from its description.
                printf '%s\\n' $candidates
            end

            complete -c \(command) -f -a '(\(function))'

            """
    }
}
