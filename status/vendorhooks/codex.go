package vendorhooks

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"
)

// Codex CLI has one hook amux can use: `notify`, a top-level key of its
// config.toml naming a program (an argv array) that Codex runs with a JSON
// argument when an agent turn completes ({"type": "agent-turn-complete",
// …}). amux's notify program reports done. Codex runs a single notify
// program, so amux takes the key only when it is free (or already amux's):
// a person's own notify program is never replaced.
//
// The file is TOML the person and Codex also write (Codex adds project
// trust and notice tables as it runs). amux edits only its own line — the
// one whose command carries Marker — and leaves every other byte as it was.

// codexNotifyKey is the config key amux sets.
const codexNotifyKey = "notify"

// CodexConfigPath is Codex's config file: $CODEX_HOME/config.toml when that
// is set (Codex keeps everything there then), else $HOME/.codex/config.toml.
// getenv is os.Getenv outside tests.
func CodexConfigPath(getenv func(string) string) (string, error) {
	if dir := getenv("CODEX_HOME"); dir != "" {
		return filepath.Join(dir, "config.toml"), nil
	}
	home := getenv("HOME")
	if home == "" {
		return "", errors.New("HOME is not set: cannot find Codex's config")
	}
	return filepath.Join(home, ".codex", "config.toml"), nil
}

func codexPath(path string) (string, error) {
	if path != "" {
		return path, nil
	}
	return CodexConfigPath(os.Getenv)
}

// codexNotifyReport is what the notify program reports: done, as the app
// "codex" — the name Codex 0.169 reports under itself (OSC 7501), so the
// two share one record instead of two that could disagree — with a
// message that says where it came from. Earlier Codex versions report
// nothing themselves; for them this is the only word that a turn ended.
const codexNotifyReport = "--state done --app codex --message 'turn complete (notify)'"

// codexNotifyLine is amux's notify setting: `sh -c <report done>`. Codex
// appends its JSON as one more argument, which sh takes as $1 after the
// "amux-notify" $0, and the command ignores.
func codexNotifyLine(binHint string) (string, error) {
	cmd, err := hookCommand(codexNotifyReport, binHint)
	if err != nil {
		return "", err
	}
	return codexNotifyKey + " = [\"sh\", \"-c\", " + tomlBasic(cmd) + ", \"amux-notify\"]", nil
}

// tomlBasic writes s as a TOML basic string. hookCommand's text holds no
// control characters, so quotes and backslashes are all that need escaping.
func tomlBasic(s string) string {
	return `"` + strings.NewReplacer(`\`, `\\`, `"`, `\"`).Replace(s) + `"`
}

// InstallCodex sets Codex's notify program to amux's report in the config
// at path ("" for CodexConfigPath). amuxBinHint, if not empty, is an
// absolute path to amux used when a pane's AMUX_BIN_PATH is missing or
// stale. A missing file is created (mode 0600); an existing one keeps its
// mode. A notify program of the person's own is refused, untouched.
// changed is false when the file already held exactly amux's line.
func InstallCodex(path, amuxBinHint string) (changed bool, err error) {
	path, err = codexPath(path)
	if err != nil {
		return false, err
	}
	line, err := codexNotifyLine(amuxBinHint)
	if err != nil {
		return false, err
	}
	if err := os.MkdirAll(filepath.Dir(path), 0o700); err != nil {
		return false, err
	}
	return edit(path, func(old []byte, exists bool) ([]byte, error) {
		lines := splitLines(string(old))
		at, end, err := findTopLevelKey(lines, codexNotifyKey)
		switch {
		case err != nil:
			return nil, refuse(path, err)
		case at < 0:
			return []byte(insertTopLevel(lines, line)), nil
		case !isAmuxCommand(strings.Join(lines[at:end], "")):
			return nil, fmt.Errorf("Codex already has its own notify program (%s), and it runs only one: amux left %s untouched",
				strings.TrimSpace(lines[at]), path)
		case end == at+1 && strings.TrimRight(lines[at], "\r\n") == line:
			return nil, nil
		}
		out := append(append(append([]string(nil), lines[:at]...), line+"\n"), lines[end:]...)
		return []byte(strings.Join(out, "")), nil
	}, nil)
}

// RemoveCodex deletes amux's notify line from the config at path ("" for
// CodexConfigPath). A missing file, or a notify program that is not amux's,
// is left alone; changed is false when there was nothing of amux's.
func RemoveCodex(path string) (changed bool, err error) {
	path, err = codexPath(path)
	if err != nil {
		return false, err
	}
	return edit(path, func(old []byte, exists bool) ([]byte, error) {
		lines := splitLines(string(old))
		at, end, err := findTopLevelKey(lines, codexNotifyKey)
		if err != nil {
			return nil, refuse(path, err)
		}
		if at < 0 || !isAmuxCommand(strings.Join(lines[at:end], "")) {
			return nil, nil
		}
		return []byte(strings.Join(append(append([]string(nil), lines[:at]...), lines[end:]...), "")), nil
	}, nil)
}

// codexStatus reports whether amux's notify line is in the config at path.
func codexStatus(path string) (bool, error) {
	path, err := codexPath(path)
	if err != nil {
		return false, err
	}
	data, err := os.ReadFile(path)
	if errors.Is(err, os.ErrNotExist) {
		return false, nil
	}
	if err != nil {
		return false, err
	}
	lines := splitLines(string(data))
	at, end, err := findTopLevelKey(lines, codexNotifyKey)
	if err != nil || at < 0 {
		return false, err
	}
	return isAmuxCommand(strings.Join(lines[at:end], "")), nil
}

// splitLines splits text after each newline, keeping them, so joining the
// parts gives the text back byte for byte.
func splitLines(text string) []string {
	return strings.SplitAfter(text, "\n")
}

// findTopLevelKey finds key's assignment among the top-level lines (those
// before the first table header): the lines [at, end) it spans, a value
// spread over lines (an array) included. at is -1 when the key is absent.
func findTopLevelKey(lines []string, key string) (at, end int, err error) {
	at, depth := -1, 0
	for i, line := range lines {
		trimmed := strings.TrimSpace(line)
		if depth == 0 {
			if at >= 0 {
				return at, i, nil
			}
			if strings.HasPrefix(trimmed, "[") {
				return -1, -1, nil // the first table: the top level is over
			}
			if k, _, ok := strings.Cut(trimmed, "="); ok && strings.Trim(strings.TrimSpace(k), `"'`) == key {
				at = i
			}
		}
		d, err := bracketDepth(line)
		if err != nil {
			return -1, -1, fmt.Errorf("line %d: %w", i+1, err)
		}
		depth += d
		if depth < 0 {
			return -1, -1, fmt.Errorf("line %d: unbalanced ]", i+1)
		}
	}
	if at >= 0 && depth == 0 {
		return at, len(lines), nil
	}
	if depth != 0 {
		return -1, -1, errors.New("an array is never closed")
	}
	return -1, -1, nil
}

// bracketDepth counts the brackets a line opens minus those it closes,
// outside strings and comments.
func bracketDepth(line string) (int, error) {
	d := 0
	for i := 0; i < len(line); i++ {
		switch c := line[i]; c {
		case '#':
			return d, nil
		case '[':
			d++
		case ']':
			d--
		case '"', '\'':
			j := i + 1
			for ; j < len(line) && line[j] != c; j++ {
				if c == '"' && line[j] == '\\' {
					j++
				}
			}
			if j >= len(line) {
				return 0, errors.New("a string runs past the end of its line")
			}
			i = j
		}
	}
	return d, nil
}

// insertTopLevel adds line at the end of the top level: before the first
// table header (and the comments and blank lines right above it, which
// belong to that table), or at the end of a file without tables.
func insertTopLevel(lines []string, line string) string {
	first := len(lines)
	depth := 0
	for i, l := range lines {
		if depth == 0 && strings.HasPrefix(strings.TrimSpace(l), "[") {
			first = i
			break
		}
		d, _ := bracketDepth(l)
		depth += d
	}
	at := first
	for at > 0 && first < len(lines) {
		t := strings.TrimSpace(lines[at-1])
		if t != "" && !strings.HasPrefix(t, "#") {
			break
		}
		at--
	}
	head := strings.Join(lines[:at], "")
	if head != "" && !strings.HasSuffix(head, "\n") {
		head += "\n"
	}
	tail := strings.Join(lines[at:], "")
	if tail != "" && !strings.HasPrefix(tail, "\n") {
		line += "\n"
	}
	return head + line + "\n" + tail
}
