package harness

import (
	"bytes"
	"encoding/base64"
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// ContainsAll reports whether s holds every one of subs.
func ContainsAll(s string, subs ...string) bool {
	for _, sub := range subs {
		if !strings.Contains(s, sub) {
			return false
		}
	}
	return true
}

// LineHas reports whether one line of screen holds every part, in order.
func LineHas(screen string, parts ...string) bool {
	for _, line := range strings.Split(screen, "\n") {
		rest, ok := line, true
		for _, p := range parts {
			i := strings.Index(rest, p)
			if i < 0 {
				ok = false
				break
			}
			rest = rest[i+len(p):]
		}
		if ok {
			return true
		}
	}
	return false
}

// B64 is s in standard base64, as a status report's message travels.
func B64(s string) string { return base64.StdEncoding.EncodeToString([]byte(s)) }

// WriteFile writes content to path, making its directories.
func WriteFile(t testing.TB, path, content string) {
	t.Helper()
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(path, []byte(content), 0o644); err != nil {
		t.Fatal(err)
	}
}

// ReadFileString is os.ReadFile as a string.
func ReadFileString(path string) (string, error) {
	b, err := os.ReadFile(path)
	return string(b), err
}

// NumberedLines is a file of n lines; lines in changed get "changed", and
// line long is 600 characters with NEEDLE at character 500.
func NumberedLines(n int, changed map[int]bool, long int) string {
	var b strings.Builder
	for i := 1; i <= n; i++ {
		switch {
		case i == long:
			b.WriteString(strings.Repeat("x", 500) + "NEEDLE" + strings.Repeat("y", 94) + "\n")
		case changed[i]:
			fmt.Fprintf(&b, "line %d changed\n", i)
		default:
			fmt.Fprintf(&b, "line %d\n", i)
		}
	}
	return b.String()
}

// RunAmux runs the amux binary with vars as its whole environment and no
// terminal, and returns stdout, stderr and the exit code.
func RunAmux(t testing.TB, vars []string, args ...string) (string, string, int) {
	t.Helper()
	cmd := exec.Command(AmuxBinary(t), args...)
	cmd.Env = vars
	var out, errb bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &errb
	err := cmd.Run()
	code := 0
	var ee *exec.ExitError
	if errors.As(err, &ee) {
		code = ee.ExitCode()
	} else if err != nil {
		t.Fatal(err)
	}
	return out.String(), errb.String(), code
}

// CopyFile copies src to dst with mode, making dst's directory.
func CopyFile(t testing.TB, src, dst string, mode os.FileMode) {
	t.Helper()
	if err := os.MkdirAll(filepath.Dir(dst), 0o755); err != nil {
		t.Fatal(err)
	}
	in, err := os.Open(src)
	if err != nil {
		t.Fatal(err)
	}
	defer in.Close()
	out, err := os.OpenFile(dst, os.O_CREATE|os.O_WRONLY|os.O_TRUNC, mode)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := io.Copy(out, in); err != nil {
		t.Fatal(err)
	}
	if err := out.Close(); err != nil {
		t.Fatal(err)
	}
}
