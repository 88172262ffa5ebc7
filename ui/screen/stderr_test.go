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
