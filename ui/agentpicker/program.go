package agentpicker

import (
	"fmt"
	"os"
	"os/exec"
	"strings"
)

// Program finds the program a shell command line runs, the way sh would
// read its first simple command: leading variable assignments (FOO=1) are
// skipped, and so are the wrappers that run the next word (env with its
// options and assignments, exec, command, nohup, nice -n N). ok is false
// when the program cannot be known without running the line: a word with
// a parameter expansion or command substitution ("${SHELL:-/bin/sh}").
func Program(command string) (prog string, ok bool) {
	words, dynamic := firstCommand(command)
	i := 0
	skipAssignments := func() {
		for i < len(words) && isAssignment(words[i]) {
			i++
		}
	}
	skipAssignments()
	for i < len(words) {
		switch words[i] {
		case "env":
			i++
			for i < len(words) && strings.HasPrefix(words[i], "-") {
				if words[i] == "-u" || words[i] == "-C" || words[i] == "-S" {
					i++
				}
				i++
			}
			skipAssignments()
			continue
		case "exec", "command", "nohup":
			i++
			for i < len(words) && strings.HasPrefix(words[i], "-") {
				i++
			}
			continue
		case "nice":
			i++
			if i < len(words) && words[i] == "-n" {
				i += 2
			} else if i < len(words) && strings.HasPrefix(words[i], "-") {
				i++
			}
			continue
		}
		break
	}
	if i >= len(words) || dynamic[i] {
		return "", false
	}
	return words[i], true
}

// isAssignment reports whether w is NAME=value.
func isAssignment(w string) bool {
	name, _, ok := strings.Cut(w, "=")
	if !ok || name == "" {
		return false
	}
	for j, r := range name {
		if !(r == '_' || r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || j > 0 && r >= '0' && r <= '9') {
			return false
		}
	}
	return true
}

// firstCommand splits the first simple command of a shell line into words,
// removing quotes; dynamic marks words that hold an unquoted or
// double-quoted $ or a backquote (their value is the shell's to compute).
// It stops at an unquoted ; & | or newline.
func firstCommand(s string) (words []string, dynamic []bool) {
	var cur strings.Builder
	inWord, dyn := false, false
	flush := func() {
		if inWord {
			words, dynamic = append(words, cur.String()), append(dynamic, dyn)
		}
		cur.Reset()
		inWord, dyn = false, false
	}
	for i := 0; i < len(s); i++ {
		c := s[i]
		switch {
		case c == '\'':
			inWord = true
			j := strings.IndexByte(s[i+1:], '\'')
			if j < 0 {
				cur.WriteString(s[i+1:])
				i = len(s)
				break
			}
			cur.WriteString(s[i+1 : i+1+j])
			i += j + 1
		case c == '"':
			inWord = true
			for i++; i < len(s) && s[i] != '"'; i++ {
				if s[i] == '\\' && i+1 < len(s) {
					i++
				} else if s[i] == '$' || s[i] == '`' {
					dyn = true
				}
				cur.WriteByte(s[i])
			}
		case c == '\\' && i+1 < len(s):
			inWord = true
			i++
			if s[i] != '\n' {
				cur.WriteByte(s[i])
			}
		case c == ' ' || c == '\t':
			flush()
		case c == ';' || c == '&' || c == '|' || c == '\n':
			flush()
			return words, dynamic
		default:
			if c == '$' || c == '`' {
				dyn = true
			}
			inWord = true
			cur.WriteByte(c)
		}
	}
	flush()
	return words, dynamic
}

// Missing says why a command line's program would not start, or "" when
// it would (or when that cannot be told without running it). A program
// with a slash must be an executable file; any other is looked up with
// lookPath (exec.LookPath, on amux's PATH).
func Missing(command string, lookPath func(string) (string, error)) string {
	prog, ok := Program(command)
	if !ok {
		return ""
	}
	if strings.Contains(prog, "/") {
		fi, err := os.Stat(prog)
		switch {
		case err != nil:
			return prog + " does not exist"
		case fi.IsDir() || fi.Mode().Perm()&0o111 == 0:
			return prog + " is not executable"
		}
		return ""
	}
	if isShellBuiltin(prog) {
		return ""
	}
	if lookPath == nil {
		lookPath = exec.LookPath
	}
	if _, err := lookPath(prog); err != nil {
		return prog + " not found on PATH"
	}
	return ""
}

// isShellBuiltin covers the words sh runs itself, which LookPath cannot find.
func isShellBuiltin(w string) bool {
	switch w {
	case ".", ":", "cd", "eval", "set", "true", "false", "echo", "printf", "read", "test", "[", "trap", "wait", "ulimit", "umask", "export":
		return true
	}
	return false
}

// ExitMeaning is a shell exit status in words, for the codes that have a
// conventional meaning ("command not found" for 127), "" for the others:
// an assistant that never started must not look like one that ran.
func ExitMeaning(code int) string {
	switch {
	case code == 126:
		return "not executable"
	case code == 127:
		return "command not found"
	case code > 128 && code < 128+65:
		return fmt.Sprintf("killed by signal %d", code-128)
	}
	return ""
}

// DescribeExit is "exited N", with ExitMeaning when there is one
// ("exited 127: command not found").
func DescribeExit(code int) string {
	if m := ExitMeaning(code); m != "" {
		return fmt.Sprintf("exited %d: %s", code, m)
	}
	return fmt.Sprintf("exited %d", code)
}
