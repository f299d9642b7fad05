/// The shell side of completion: each script passes the words typed so far to the program's
/// hidden `__complete` entry and offers what comes back (see `Completer`). The scripts call the
/// program the way it was typed (`./metro-timer`, a full path, or the name on `PATH`), so an
/// installed copy and a development build each complete with their own knowledge.
public enum CompletionScript {
    public enum Shell: String, CaseIterable, Sendable {
        case bash, zsh, fish
    }

    public static func script(_ shell: Shell, command: String) -> String {
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

            # Quotes a candidate for the command line: backslashes before the characters the shell
            # would otherwise read (printf %q would turn Cyrillic into $'\\320…' in a C locale).
            \(function)_quote() {
                local s="$1" out="" ch i
                for ((i = 0; i < ${#s}; i++)); do
                    ch="${s:i:1}"
                    case "$ch" in
                        [[:space:]\\'\\"\\\\\\(\\)\\&\\;\\<\\>\\|\\$\\`\\!\\*\\?\\[\\]\\#\\~\\{\\}]) out+="\\\\$ch" ;;
                        *) out+="$ch" ;;
                    esac
                done
                printf '%s' "$out"
            }

            \(function)() {
                local cur="${COMP_WORDS[COMP_CWORD]}" IFS=$'\\n' candidate
                local -a candidates
                candidates=($("${COMP_WORDS[0]}" __complete "${COMP_WORDS[@]:1:COMP_CWORD}" 2>/dev/null))
                COMPREPLY=()
                if [[ "${candidates[0]}" == ":files" ]]; then
                    compopt -o filenames 2>/dev/null
                    COMPREPLY=($(compgen -f -- "$cur"))
                    return 0
                fi
                for candidate in "${candidates[@]}"; do
                    # Inside an open quote the shell takes the text as it is.
                    if [[ "$cur" == [\\"\\']* ]]; then
                        COMPREPLY+=("$candidate")
                    else
                        COMPREPLY+=("$(\(function)_quote "$candidate")")
                    fi
                done
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
                local -a candidates
                local program="${(Q)words[1]}"
                candidates=("${(@f)$("${~program}" __complete "${(@)words[2,CURRENT]}" 2>/dev/null)}")
                candidates=("${(@)candidates:#}")
                if [[ "${candidates[1]}" == ":files" ]]; then
                    _files
                    return
                fi
                # The program has already matched what was typed (in either alphabet, former
                # names too), so zsh is told not to filter again (-U).
                compadd -U -- "${(@)candidates}"
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
                set -l candidates ($program __complete $tokens $current 2>/dev/null)
                if test "$candidates[1]" = ":files"
                    __fish_complete_path $current
                    return
                end
                printf '%s\\n' $candidates
            end

            complete -c \(command) -f -a '(\(function))'

            """
    }
}
