package tmux

import (
	"context"
	"encoding/hex"
)

// SendLiteral types text into a session's active pane with send-keys -l,
// targeting the exact name. It is for orchestration and tests: amux's own
// tabs write to their PTY instead.
func SendLiteral(ctx context.Context, r Runner, session, text string) error {
	_, err := r.Run(ctx, "send-keys", "-t", ExactPane(session), "-l", "--", text)
	return err
}

// SendBytes sends raw bytes with send-keys -H, so control bytes such as a
// literal carriage return (0x0D) arrive exactly as given.
func SendBytes(ctx context.Context, r Runner, session string, data []byte) error {
	if len(data) == 0 {
		return nil
	}
	args := []string{"send-keys", "-t", ExactPane(session), "-H"}
	for _, b := range data {
		args = append(args, hex.EncodeToString([]byte{b}))
	}
	_, err := r.Run(ctx, args...)
	return err
}
