package status

import (
	"context"
	"encoding/hex"
	"os"
	"strconv"
	"strings"

	"amux.dev/amux/config/procid"
)

// Programs that follow the protocol's feature detection send the query
// ESC ] 7501 ; ? and report only once the terminal has answered. Inside
// tmux the outer terminal's answer never reaches the pane, so the tap —
// the one reader of the pane's output — answers for amux, into the pane's
// input. Revision 0.4 has a terminal that accepts every state and kind
// answer with the query's own bytes (omitted state and kind lists mean the
// full default set), ending the way the query ended.

// maxPendingAnswers bounds the answers queued behind a slow tmux.
const maxPendingAnswers = 32

// QueryAnswer is what a terminal supporting every revision-0.4 state and
// kind answers to the capability query: ESC ] 7501 ; ? and the query's
// terminator (BEL or ST).
func QueryAnswer(bel bool) []byte {
	if bel {
		return []byte("\x1b]7501;?\a")
	}
	return []byte("\x1b]7501;?\x1b\\")
}

// answerLoop writes one answer per query until answers is closed. Each is
// one send-keys -H call: tmux runs it as one command, so its bytes reach
// the pane together and never interleave with what a person types.
func (t *tap) answerLoop(ctx context.Context) {
	for bel := range t.answers {
		if _, err := t.cfg.Runner.Run(ctx, answerArgs(t.cfg.PaneID, QueryAnswer(bel))...); err != nil {
			t.cfg.Logf("tap %s: answer the capability query: %v", t.cfg.PaneID, err)
		}
	}
}

// answerArgs types data into pane as raw bytes.
func answerArgs(pane string, data []byte) []string {
	args := []string{"send-keys", "-t", pane, "-H"}
	for _, b := range data {
		args = append(args, hex.EncodeToString([]byte{b}))
	}
	return args
}

// tapIdentity names this tap process for @amux_tap: its pid and the token
// that tells it from a later process with the same pid.
func tapIdentity() string {
	pid := os.Getpid()
	return strconv.Itoa(pid) + ":" + procid.Token(pid)
}

// ParseTapIdentity splits an @amux_tap value into pid and token.
func ParseTapIdentity(v string) (pid int, token string, ok bool) {
	p, tok, found := strings.Cut(v, ":")
	n, err := strconv.Atoi(p)
	if !found || err != nil || n <= 0 {
		return 0, "", false
	}
	return n, tok, true
}
