package tmux

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"errors"
	"os"
	"time"
)

// Text amux types for a person (a first task) goes in as one paste, never
// as keystrokes: tmux writes a paste buffer to the pane in one piece, so it
// can neither interleave with what the person types nor be split by an
// agent that reads keys one at a time, and with -p it is bracketed when the
// program asked for bracketed paste. The submit (a carriage return) is a
// separate write after a pause: a CR fused to the text can be lost by a
// program not yet reading (contract, "Sending input").

// SubmitPause is the pause between a paste and its carriage return.
const SubmitPause = 150 * time.Millisecond

// PasteText pastes text into pane ("%N") through a private tmux paste
// buffer: the text is written to a 0600 file in tmpDir (os.TempDir() when
// empty), loaded with load-buffer, pasted with paste-buffer -p -d (which
// deletes the buffer) and the file removed. Line feeds stay line feeds (-r):
// inside a bracketed paste they are part of the text, not submits.
func PasteText(ctx context.Context, r Runner, pane, text, tmpDir string) error {
	if text == "" {
		return nil
	}
	f, err := os.CreateTemp(tmpDir, "amux-paste-*")
	if err != nil {
		return err
	}
	path := f.Name()
	defer os.Remove(path)
	if err := f.Chmod(0o600); err != nil {
		f.Close()
		return err
	}
	if _, err := f.WriteString(text); err != nil {
		f.Close()
		return err
	}
	if err := f.Close(); err != nil {
		return err
	}
	buf, err := bufferName()
	if err != nil {
		return err
	}
	// load-buffer expands formats in its path: a temp dir holding "#" must
	// stay a path.
	_, err = r.Run(ctx, Chain(
		[]string{"load-buffer", "-b", buf, FormatLiteral(path)},
		[]string{"paste-buffer", "-p", "-d", "-r", "-b", buf, "-t", pane},
	)...)
	if err != nil {
		// A load that worked followed by a failed paste leaves the buffer.
		_, _ = r.Run(ctx, "delete-buffer", "-b", buf)
	}
	return err
}

// SubmitCR sends one literal carriage return (0x0D) to pane ("%N"): a
// raw-mode program never sees tmux's named Enter as 0x0D.
func SubmitCR(ctx context.Context, r Runner, pane string) error {
	if pane == "" {
		return errors.New("submit: no pane")
	}
	_, err := r.Run(ctx, "send-keys", "-t", pane, "-H", "0d")
	return err
}

// bufferName is a paste buffer name no other client picks.
func bufferName() (string, error) {
	b := make([]byte, 8)
	if _, err := rand.Read(b); err != nil {
		return "", err
	}
	return "amux-paste-" + hex.EncodeToString(b), nil
}
