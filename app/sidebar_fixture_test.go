package app

import (
	"context"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"testing"
	"time"

	tea "charm.land/bubbletea/v2"

	"amux.dev/amux/app/modal"
	"amux.dev/amux/config"
	"amux.dev/amux/git"
	"amux.dev/amux/ports"
	"amux.dev/amux/ui/keys"
	"amux.dev/amux/ui/theme"
	"amux.dev/amux/workspace"
)

// sideFixture is a real engine with one real workspace (a worktree of a
// real repository), HOME and the state home inside the test's temp dir.
type sideFixture struct {
	e    *workspace.Engine
	repo string
	ws   workspace.Record
	env  []string // git's, with no user config
}

// git runs git in dir; a failure fails the test unless mayFail.
func (f sideFixture) git(t *testing.T, dir string, mayFail bool, args ...string) {
	t.Helper()
	cmd := exec.Command("git", args...)
	cmd.Dir, cmd.Env = dir, f.env
	if out, err := cmd.CombinedOutput(); err != nil && !mayFail {
		t.Fatalf("git %v: %v\n%s", args, err, out)
	}
}

func newSideFixture(t *testing.T) sideFixture {
	t.Helper()
	dir := t.TempDir()
	t.Setenv("HOME", filepath.Join(dir, "user"))
	home := filepath.Join(dir, "amux-home")
	t.Setenv(config.EnvHome, home)
	env := append(os.Environ(), "GIT_CONFIG_NOSYSTEM=1", "GIT_CONFIG_GLOBAL=/dev/null",
		"GIT_AUTHOR_NAME=t", "GIT_AUTHOR_EMAIL=t@example.com", "GIT_COMMITTER_NAME=t", "GIT_COMMITTER_EMAIL=t@example.com")
	repo := filepath.Join(dir, "app")
	if err := os.MkdirAll(repo, 0o755); err != nil {
		t.Fatal(err)
	}
	f := sideFixture{repo: repo, env: env}
	f.git(t, repo, false, "init", "-q", "-b", "main")
	writeFile(t, filepath.Join(repo, "README"), "hello\n")
	f.git(t, repo, false, "add", "-A")
	f.git(t, repo, false, "commit", "-qm", "init")
	reg, err := ports.New(home, ports.DefaultSettings(), func(context.Context) (bool, error) { return false, nil })
	if err != nil {
		t.Fatal(err)
	}
	e, err := workspace.New(workspace.Options{Home: home, Git: git.New(git.Options{}), Ports: reg, Environ: env})
	if err != nil {
		t.Fatal(err)
	}
	res, err := e.Create(context.Background(), workspace.CreateRequest{Repo: repo, Name: "side", SkipSetup: true})
	if err != nil {
		t.Fatal(err)
	}
	f.e, f.ws = e, res.Workspace
	return f
}

func writeFile(t *testing.T, path, content string) {
	t.Helper()
	if err := os.WriteFile(path, []byte(content), 0o644); err != nil {
		t.Fatal(err)
	}
}

// testSidebar is a sidebar over services, with the default theme and keys.
func testSidebar(t *testing.T, status workspace.StatusService, review workspace.ReviewService) *sidebarOwner {
	t.Helper()
	th, err := theme.Lookup(config.Defaults(), "")
	if err != nil {
		t.Fatal(err)
	}
	km := keys.MustRegistry(registryOf(actionRows())...).Map()
	s := newSidebar(sideDeps{status: status, review: review, th: th, km: km})
	return &s
}

// shownEnv is a sidebar 40 columns wide with the focus.
var shownEnv = sideEnv{width: 40, x: 121, y: 1, w: 38, h: 37, focused: true}

// sideLoop runs the sidebar's commands as the program would, each in its
// own goroutine, and feeds their messages back to its Update, keeping
// every outcome it answered.
type sideLoop struct {
	t    *testing.T
	s    *sidebarOwner
	msgs chan tea.Msg
	outs []modal.Outcome
	seen map[string]int // messages handled, by type
}

func newSideLoop(t *testing.T, s *sidebarOwner) *sideLoop {
	return &sideLoop{t: t, s: s, msgs: make(chan tea.Msg, 256), seen: map[string]int{}}
}

func (l *sideLoop) run(cmd tea.Cmd, out modal.Outcome) {
	l.outs = append(l.outs, out)
	if cmd != nil {
		go func() { l.msgs <- cmd() }()
	}
}

// until feeds messages until cond holds, failing after a deadline.
func (l *sideLoop) until(what string, cond func() bool) {
	l.t.Helper()
	deadline := time.After(15 * time.Second)
	for !cond() {
		select {
		case msg := <-l.msgs:
			switch msg := msg.(type) {
			case nil:
			case tea.BatchMsg:
				for _, c := range msg {
					l.run(c, modal.Outcome{})
				}
			default:
				l.seen[fmt.Sprintf("%T", msg)]++
				l.run(l.s.Update(msg, shownEnv))
			}
		case <-deadline:
			l.t.Fatalf("waited in vain for %s", what)
		}
	}
}

// asked reports whether any outcome so far asked for req.
func (l *sideLoop) asked(req tea.Msg) bool {
	for _, o := range l.outs {
		for _, r := range o.Do {
			if r == req {
				return true
			}
		}
	}
	return false
}

func untracked(s *sidebarOwner, path string) bool {
	for _, c := range s.review.Changes.Untracked {
		if c.Path == path {
			return true
		}
	}
	return false
}
