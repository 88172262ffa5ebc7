package tmux

import (
	"strconv"
	"strings"
)

// SessionPrefix begins every amux session name.
const SessionPrefix = "amux-"

// SessionName builds a session name per the contract: each part is trimmed,
// dropped when empty, sanitized, and the survivors are joined with "-". When
// nothing survives the name is the bare "amux".
func SessionName(parts ...string) string {
	kept := make([]string, 0, len(parts))
	for _, p := range parts {
		p = strings.TrimSpace(p)
		if p == "" {
			continue
		}
		if s := sanitize(p); s != "" {
			kept = append(kept, s)
		}
	}
	if len(kept) == 0 {
		return "amux"
	}
	return strings.Join(kept, "-")
}

// sanitize lowercases a part, keeps a–z, 0–9, '-' and '_', replaces every
// other byte with '-', and trims leading and trailing '-'. It works on bytes,
// so one multi-byte rune becomes several dashes.
func sanitize(part string) string {
	b := []byte(strings.ToLower(part))
	for i, c := range b {
		switch {
		case c >= 'a' && c <= 'z', c >= '0' && c <= '9', c == '-', c == '_':
		default:
			b[i] = '-'
		}
	}
	return strings.Trim(string(b), "-")
}

// RunSessionName names the n-th concurrent run-script session of a workspace:
// "amux-ws-<id>-run" for n <= 1, "amux-ws-<id>-run-<n>" after. It is literal
// concatenation, not SessionName, as the contract pins.
func RunSessionName(workspaceID string, n int) string {
	base := "amux-ws-" + workspaceID + "-run"
	if n <= 1 {
		return base
	}
	return base + "-" + strconv.Itoa(n)
}

// WorkspaceIDFromSessionName recovers the workspace ID of a tab session:
// strip "amux-", split on "-", take the first field. For run sessions it
// returns "ws" (read @amux_workspace instead), and an ID containing "-" is
// truncated; both are pinned caveats of the contract, not bugs.
func WorkspaceIDFromSessionName(name string) string {
	rest, ok := strings.CutPrefix(name, SessionPrefix)
	if !ok {
		return ""
	}
	id, _, _ := strings.Cut(rest, "-")
	return id
}

// IsAmuxName reports whether a session name belongs to amux's namespace.
func IsAmuxName(name string) bool {
	return name == "amux" || strings.HasPrefix(name, SessionPrefix)
}

// StatusWakeChannel is the wait-for channel a pane's status tap signals
// right after every publish: amux wait and the monitor block on it instead
// of polling (the tap lives in package status, its readers elsewhere).
const StatusWakeChannel = "amux-status"
