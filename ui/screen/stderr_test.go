package screen

import (
	"bytes"
	"fmt"
	"os"
	"os/exec"
	"testing"
)

// What is written to standard error while the screen is up comes out
// after release, not in the middle of the screen.
func TestCaptureStderrHoldsItUntilRelease(t *testing.T) {
	if os.Getenv("SCREEN_STDERR_CHILD") == "1" {
		release, err := CaptureStderr()
		if err != nil {
			fmt.Println("capture:", err)
			os.Exit(1)
		}
		fmt.Fprint(os.Stderr, "during")
		fmt.Print("screen|")
		release()
		fmt.Fprint(os.Stderr, "|after")
		os.Exit(0)
	}
	cmd := exec.Command(os.Args[0], "-test.run=^TestCaptureStderrHoldsItUntilRelease$")
	cmd.Env = append(os.Environ(), "SCREEN_STDERR_CHILD=1")
	var out bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &out
	if err := cmd.Run(); err != nil {
		t.Fatalf("%v: %s", err, out.String())
	}
	if got, want := out.String(), "screen|during|after"; got != want {
		t.Fatalf("output %q, want %q", got, want)
	}
}

// The terminal CaptureStderr keeps aside is amux's own: a process amux
// starts (tmux, a script) must not inherit it, or it would hold amux's
// terminal open after amux quits.
func TestCaptureStderrKeepsTheTerminalFromChildren(t *testing.T) {
	if os.Getenv("SCREEN_STDERR_CHILD") == "2" {
		release, err := CaptureStderr()
		if err != nil {
			fmt.Println("capture:", err)
			os.Exit(1)
		}
		defer release()
		kid := exec.Command("/bin/sh", "-c", `for f in /proc/$$/fd/*; do readlink "$f"; done; true`)
		kid.Stdout = os.Stdout
		if err := kid.Run(); err != nil {
			fmt.Println("child:", err)
		}
		return
	}
	term, err := os.Create(t.TempDir() + "/the-terminal")
	if err != nil {
		t.Fatal(err)
	}
	defer term.Close()
	cmd := exec.Command(os.Args[0], "-test.run=^TestCaptureStderrKeepsTheTerminalFromChildren$")
	cmd.Env = append(os.Environ(), "SCREEN_STDERR_CHILD=2")
	var out bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, term
	if err := cmd.Run(); err != nil {
		t.Fatalf("%v: %s", err, out.String())
	}
	if !bytes.Contains(out.Bytes(), []byte("/proc/")) && !bytes.Contains(out.Bytes(), []byte("/dev/null")) {
		t.Fatalf("the child listed no descriptors: %q", out.String())
	}
	if bytes.Contains(out.Bytes(), []byte(term.Name())) {
		t.Fatalf("a child of amux holds its terminal:\n%s", out.String())
	}
}
