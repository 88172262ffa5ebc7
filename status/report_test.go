package status

import (
	"bytes"
	"errors"
	"io"
	"os/exec"
	"strings"
	"testing"
	"time"
)

type nopCloser struct{ io.Writer }

func (nopCloser) Close() error { return nil }

// reportTo runs `amux report args` with stdout a terminal or not, and a
// /dev/tty that exists or not. It returns the exit code and what reached
// stdout, /dev/tty and stderr.
func reportTo(args []string, stdoutTTY, haveTTY bool) (code int, stdout, tty, stderr string) {
	var out, dev, errb bytes.Buffer
	rio := reportIO{
		stdout: &out, stderr: &errb,
		isTerminal: func(io.Writer) bool { return stdoutTTY },
		openTTY: func() (io.WriteCloser, error) {
			if !haveTTY {
				return nil, errors.New("no such device or address")
			}
			return nopCloser{&dev}, nil
		},
	}
	code = runReport(args, rio)
	return code, out.String(), dev.String(), errb.String()
}

func TestReportWritesOneSequence(t *testing.T) {
	args := []string{"--state", "blocked", "--kind", "question", "--app", "my-tool", "--message", "needs a decision"}
	want := "\x1b]7501;state=blocked:kind=question:app=my-tool:msg=" + b64("needs a decision") + "\x1b\\"

	code, out, tty, errOut := reportTo(args, true, true)
	if code != 0 || out != want || tty != "" || errOut != "" {
		t.Fatalf("terminal stdout: code %d out %q tty %q err %q", code, out, tty, errOut)
	}
	code, out, tty, _ = reportTo(args, false, true)
	if code != 0 || out != "" || tty != want {
		t.Fatalf("redirected stdout: code %d out %q tty %q", code, out, tty)
	}
	code, out, tty, errOut = reportTo(args, false, false)
	if code != 1 || out != "" || tty != "" || !strings.Contains(errOut, "/dev/tty") || !strings.Contains(errOut, "not a terminal") {
		t.Fatalf("no terminal: code %d out %q tty %q err %q", code, out, tty, errOut)
	}
}

func TestReportFlags(t *testing.T) {
	cases := []struct {
		args []string
		want string // the payload between "7501;" and ST; "" = usage error
	}{
		{[]string{"--state", "done", "--message", "finished"}, "state=done:msg=" + b64("finished")},
		{[]string{"--clear"}, "state=clear"},
		{[]string{"--clear", "--app", "x", "--id", "a/b"}, "state=clear:app=x:id=a/b"},
		{[]string{"--state=working", "--progress", "40", "--title", "T"}, "state=working:progress=40:title=" + b64("T")},
		{[]string{"-state", "idle"}, "state=idle"},
		{[]string{}, ""},
		{[]string{"--state", "sleeping"}, ""},
		{[]string{"--state", "done", "--kind", "auth"}, ""},
		{[]string{"--state", "blocked", "--kind", "coffee"}, ""},
		{[]string{"--state", "done", "--progress", "50"}, ""},
		{[]string{"--state", "working", "--progress", "101"}, ""},
		{[]string{"--state", "working", "--progress", "x"}, ""},
		{[]string{"--state", "done", "--app", "a b"}, ""},
		{[]string{"--state", "done", "--id", "a//b"}, ""},
		{[]string{"--state", "done", "--message", "two\nlines"}, ""},
		{[]string{"--state", "done", "--message", strings.Repeat("x", MaxMessageBytes+1)}, ""},
		{[]string{"--state", "done", "--title", strings.Repeat("x", MaxTitleBytes+1)}, ""},
		{[]string{"--state", "done", "--clear"}, ""},
		{[]string{"--state", "done", "extra"}, ""},
		{[]string{"--bogus"}, ""},
	}
	for _, c := range cases {
		code, out, _, errOut := reportTo(c.args, true, true)
		if c.want == "" {
			if code != 2 || out != "" || !strings.HasPrefix(errOut, "amux report: ") {
				t.Errorf("%q: code %d out %q err %q, want a usage error", c.args, code, out, errOut)
			}
			continue
		}
		if want := "\x1b]7501;" + c.want + "\x1b\\"; code != 0 || out != want {
			t.Errorf("%q: code %d out %q, want %q (err %q)", c.args, code, out, want, errOut)
		}
	}
	code, out, _, _ := reportTo([]string{"--help"}, true, true)
	if code != 0 || !strings.Contains(out, "--state") || !strings.Contains(out, "--clear") {
		t.Fatalf("--help: %d %q", code, out)
	}
}

// TestReportFoldsLikeContractShellFunction runs the contract's status()
// shell function and `amux report` on the same inputs and folds both.
func TestReportFoldsLikeContractShellFunction(t *testing.T) {
	bash, err := exec.LookPath("bash")
	if err != nil {
		t.Fatalf("bash is required: %v", err)
	}
	const fn = `status() {
  printf '\e]7501;state=%s:msg=%s\e\\' "$1" "$(printf '%s' "$2" | base64 | tr -d '\n')"
}
status "$1" "$2"`
	inputs := [][2]string{
		{"working", "Refactoring the parser"},
		{"blocked", "Which migration should I generate?"},
		{"done", "All tests green ✓"},
		{"error", ""},
		{"idle", strings.Repeat("long message ", 100)},
	}
	for _, in := range inputs {
		shellOut, err := exec.Command(bash, "-c", fn, "status", in[0], in[1]).Output()
		if err != nil {
			t.Fatalf("shell function: %v", err)
		}
		args := []string{"--state", in[0]}
		if in[1] != "" {
			args = append(args, "--message", in[1])
		}
		code, reportOut, _, errOut := reportTo(args, true, true)
		if code != 0 {
			t.Fatalf("amux report %q: %s", args, errOut)
		}
		now := time.Unix(1, 0)
		fold := func(seq []byte) Folded {
			var rs Records
			n := 0
			_, _ = NewOSCParser(func(e Event) {
				if e.Type == EventReport {
					rs.Apply(e.Report, now)
					n++
				}
			}).Write(seq)
			if n != 1 {
				t.Fatalf("%q: %d reports", seq, n)
			}
			f, _ := rs.Fold()
			return f
		}
		if a, b := fold(shellOut), fold([]byte(reportOut)); a != b {
			t.Errorf("%q: shell folds to %+v, amux report to %+v", in, a, b)
		}
	}
}
