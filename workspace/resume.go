package workspace

import (
	"context"
	"errors"
	"path/filepath"
	"strings"

	"amux.dev/amux/tmux"
)

// Resume. An agent keeps its conversation on disk (claude --continue and
// codex resume --last pick up the last one in the working directory), so a
// tab whose agent died, or whose session went with a reboot, can be brought
// back rather than started afresh. The workspace record keeps each tab's
// assistant and working directory (Tab.Assistant, Tab.Cwd) for that.

// ResumeRequest brings one recorded tab back with a command (an
// assistant's resume command, or its plain command to restart).
type ResumeRequest struct {
	Workspace string
	Tab       Tab
	Command   string // the shell command line to run (sh -lc)
	// Width and Height size a new session; zero leaves tmux's.
	Width, Height int
}

// ResumeTab runs req.Command for a recorded tab through the one way amux
// starts programs: a tab whose session still exists (its program exited,
// the pane kept) is relaunched in place (RelaunchSession); a tab whose
// session is gone gets a new one under the same tab ID (OpenSession), so
// it keeps its name. It returns the session's name.
func (e *Engine) ResumeTab(ctx context.Context, req ResumeRequest) (string, error) {
	if req.Tab.ID == "" {
		return "", errors.New("resume: the tab has no ID")
	}
	if strings.TrimSpace(req.Command) == "" {
		return "", errors.New("resume: no command")
	}
	if e.opts.Tmux == nil {
		return "", errors.New("resume: no tmux server configured")
	}
	kind := req.Tab.Type
	if kind == "" {
		kind = tmux.TypeAgent
	}
	sreq := SessionRequest{Workspace: req.Workspace, Kind: kind, Tab: req.Tab.ID, Assistant: req.Tab.Assistant,
		Command: req.Command, Dir: req.Tab.Cwd, Width: req.Width, Height: req.Height}
	name := req.Tab.Session
	if name == "" {
		name = tmux.SessionName("amux", req.Workspace, req.Tab.ID)
	}
	own, _, err := tmux.SessionOwned(ctx, e.opts.Tmux, name, req.Workspace)
	switch {
	case err != nil && !tmux.IsNoServer(err):
		return "", err
	case own == tmux.SessionForeign:
		return "", tmux.ErrForeignSession
	case own == tmux.SessionOwnedByAmux:
		return name, e.RelaunchSession(ctx, name, sreq)
	}
	s, err := e.OpenSession(ctx, sreq)
	return s.Name, err
}

// LostTabs returns a workspace's recorded tabs whose session is gone (after
// a reboot, or a server that was killed): what can be brought back.
func (e *Engine) LostTabs(ctx context.Context, id string) ([]Tab, error) {
	rec, err := e.usable(id)
	if err != nil {
		return nil, err
	}
	if e.opts.Tmux == nil || len(rec.Tabs) == 0 {
		return nil, nil
	}
	all, err := tmux.ListAllSessions(ctx, e.opts.Tmux)
	if err != nil && !tmux.IsNoServer(err) {
		return nil, err
	}
	live := map[string]bool{}
	for _, s := range all {
		live[s.Name] = true
	}
	var lost []Tab
	for _, t := range rec.Tabs {
		name := t.Session
		if name == "" {
			name = tmux.SessionName("amux", id, t.ID)
		}
		if t.ID != "" && !live[name] && (t.Type == "" || t.Type == tmux.TypeAgent || t.Type == tmux.TypeTerminal) {
			lost = append(lost, t)
		}
	}
	return lost, nil
}

// sessionDir is where a session starts: the requested directory when it is
// the worktree or inside it, else the worktree's root.
func sessionDir(root, dir string) string {
	if dir == "" || !filepath.IsAbs(dir) {
		return root
	}
	rel, err := filepath.Rel(root, filepath.Clean(dir))
	if err != nil || rel == ".." || strings.HasPrefix(rel, ".."+string(filepath.Separator)) {
		return root
	}
	return filepath.Clean(dir)
}
