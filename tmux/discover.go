package tmux

import (
	"context"
	"slices"
	"strings"
)

// SessionInfo is one live session as discovery sees it.
type SessionInfo struct {
	ID        string // "$N", the only target that cannot be forged by naming
	Managed   bool   // @amux == "1"
	Workspace string // @amux_workspace
	Tab       string // @amux_tab
	Type      string // @amux_type
	Assistant string // @amux_assistant
	Instance  string // @amux_instance
	CreatedAt string // @amux_created_at (Unix seconds, as stored)
	Attached  int    // number of attached clients
	Name      string // session_name, last because it may contain "|"
}

// listFields are the list-sessions format fields, id and tags first and the
// name last: tmux allows "|" in names, so the line is split only on the first
// len(listFields)-1 separators and the remainder is the name. A session named
// "victim|1" therefore cannot forge tag values.
var listFields = []string{
	"#{session_id}",
	"#{" + TagManaged + "}",
	"#{" + TagWorkspace + "}",
	"#{" + TagTab + "}",
	"#{" + TagType + "}",
	"#{" + TagAssistant + "}",
	"#{" + TagInstance + "}",
	"#{" + TagCreatedAt + "}",
	"#{session_attached}",
	"#{session_name}",
}

// listFormat is the -F format ListSessions sends.
func listFormat() string { return strings.Join(listFields, "|") }

// ListAllSessions returns every live session on the server in one
// list-sessions call, but amux's own control session (ControlSession),
// which hosts no program of anyone's. No running server means no sessions,
// not an error.
func ListAllSessions(ctx context.Context, r Runner) ([]SessionInfo, error) {
	out, err := r.Run(ctx, "list-sessions", "-F", listFormat())
	if err != nil {
		if IsNoServer(err) {
			return nil, nil
		}
		return nil, err
	}
	return slices.DeleteFunc(ParseSessionList(out), func(s SessionInfo) bool { return s.Name == ControlSession }), nil
}

// ListSessions returns the sessions in amux's namespace: names "amux" or
// starting with "amux-".
func ListSessions(ctx context.Context, r Runner) ([]SessionInfo, error) {
	all, err := ListAllSessions(ctx, r)
	if err != nil {
		return nil, err
	}
	kept := all[:0]
	for _, s := range all {
		if IsAmuxName(s.Name) {
			kept = append(kept, s)
		}
	}
	return kept, nil
}

// ParseSessionList parses list-sessions output produced with listFormat.
// Malformed lines (fewer fields than the format) are skipped.
func ParseSessionList(out string) []SessionInfo {
	var list []SessionInfo
	for line := range strings.SplitSeq(out, "\n") {
		if line == "" {
			continue
		}
		f := strings.SplitN(line, "|", len(listFields))
		if len(f) != len(listFields) {
			continue
		}
		attached := 0
		for _, c := range f[8] {
			if c < '0' || c > '9' {
				attached = 0
				break
			}
			attached = attached*10 + int(c-'0')
		}
		list = append(list, SessionInfo{
			ID: f[0], Managed: f[1] == "1", Workspace: f[2], Tab: f[3],
			Type: f[4], Assistant: f[5], Instance: f[6], CreatedAt: f[7],
			Attached: attached, Name: f[9],
		})
	}
	return list
}

// FindRunSessions returns a workspace's hosted run-script sessions. It
// filters on @amux_workspace and @amux_type=run, never on the name, which
// cannot be parsed reliably for run sessions.
func FindRunSessions(ctx context.Context, r Runner, workspaceID string) ([]SessionInfo, error) {
	all, err := ListAllSessions(ctx, r)
	if err != nil {
		return nil, err
	}
	var runs []SessionInfo
	for _, s := range all {
		if s.Managed && s.Workspace == workspaceID && s.Type == TypeRun {
			runs = append(runs, s)
		}
	}
	return runs, nil
}

// FindSession returns the live session with exactly this name. Matching is
// done here, not by tmux, so no prefix match can substitute another session.
func FindSession(ctx context.Context, r Runner, name string) (SessionInfo, bool, error) {
	all, err := ListAllSessions(ctx, r)
	if err != nil {
		return SessionInfo{}, false, err
	}
	for _, s := range all {
		if s.Name == name {
			return s, true, nil
		}
	}
	return SessionInfo{}, false, nil
}
