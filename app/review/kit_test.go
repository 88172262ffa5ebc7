package review

import (
	"context"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	tea "charm.land/bubbletea/v2"

	"amux.dev/amux/app/scene"
	"amux.dev/amux/config"
	"amux.dev/amux/ui/changes"
	"amux.dev/amux/ui/commitmsg"
	"amux.dev/amux/ui/diffview"
	"amux.dev/amux/ui/keys"
	"amux.dev/amux/ui/theme"
	"amux.dev/amux/workspace"
)

// The owner is tested alone: built over a real engine, with a registry of
// the components' actions and landing's own rows bound as the root's
// table binds them, and a scene made here, never read from a root.

// testToggleSidebar stands for the root's action that shows the sidebar.
const testToggleSidebar keys.ActionID = "toggle-sidebar"

// testRegistry binds the actions the owner's dialogs and texts name.
func testRegistry() *keys.Registry {
	own := []keys.Action{
		{ID: ActAbortLanding, Scope: "workspace", Keys: []string{"A"}, Label: "abort merge", Help: "Abort the stopped merge"},
		{ID: ActFinishLanding, Scope: "workspace", Keys: []string{"F"}, Label: "finish merge", Help: "Finish the stopped merge"},
		{ID: testToggleSidebar, Scope: "workspace", Keys: []string{"b"}, Label: "sidebar", Help: "Show or hide the sidebar"},
	}
	all := append(keys.ComponentActions(), own...)
	all = append(all, changes.DefaultActions("changes")...)
	all = append(all, diffview.DefaultActions("diff")...)
	all = append(all, commitmsg.DefaultActions("commit")...)
	return keys.MustRegistry(all...)
}

// testOwner is the owner over eng (a fresh one when nil).
func testOwner(t *testing.T, eng *workspace.Engine) *Owner {
	t.Helper()
	if eng == nil {
		eng = testEngine(t)
	}
	reg := testRegistry()
	o := New(Deps{Review: eng, Keys: reg.Map(), Registry: reg, ToggleSidebar: testToggleSidebar})
	return &o
}

// testEngine is a real workspace engine over an empty state home.
func testEngine(t *testing.T) *workspace.Engine {
	t.Helper()
	e, err := workspace.New(workspace.Options{Home: t.TempDir()})
	if err != nil {
		t.Fatal(err)
	}
	return e
}

// testScene is a 120×40 screen with the sidebar hidden and nothing open,
// over recs (the first one selected) in the project at /home/dev/code/api.
func testScene(t *testing.T, recs ...workspace.Record) Scene {
	t.Helper()
	th, err := theme.Lookup(config.Defaults(), "")
	if err != nil {
		t.Fatal(err)
	}
	if len(recs) == 0 {
		recs = []workspace.Record{{ID: "1111111111111111", Name: "auth-fix", Branch: "auth-fix", Base: "main",
			Repo: "/home/dev/code/api", Root: "/home/dev/.amux/worktrees/auth-fix"}}
	}
	snap := scene.NewSnapshot([]workspace.Project{{Name: "api", Path: recs[0].Repo}}, recs, nil)
	return Scene{Theme: th, Width: 120, Height: 40, Selected: recs[0].WorkspaceID(), Snap: snap,
		Landings: map[string]scene.Landing{}}
}

// realWorkspace is a repository with a tracked file changed in the work
// tree, recorded as its main checkout's workspace: the owner over its
// engine, and the scene that selects it.
func realWorkspace(t *testing.T) (*Owner, Scene, workspace.Record) {
	t.Helper()
	repo := t.TempDir()
	gitIn(t, repo, "init", "-q", "-b", "main")
	if err := os.WriteFile(filepath.Join(repo, "notes.txt"), []byte("one\ntwo\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	gitIn(t, repo, "add", "notes.txt")
	gitIn(t, repo, "commit", "-qm", "notes")
	if err := os.WriteFile(filepath.Join(repo, "notes.txt"), []byte("one\ntwo changed\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	eng := testEngine(t)
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	rec, err := eng.MainWorkspace(ctx, repo)
	if err != nil {
		t.Fatal(err)
	}
	return testOwner(t, eng), testScene(t, rec), rec
}

func gitIn(t *testing.T, dir string, args ...string) string {
	t.Helper()
	cmd := exec.Command("git", append([]string{"-c", "user.name=t", "-c", "user.email=t@amux.invalid"}, args...)...)
	cmd.Dir = dir
	out, err := cmd.CombinedOutput()
	if err != nil {
		t.Fatalf("git %v: %v\n%s", args, err, out)
	}
	return strings.TrimSpace(string(out))
}

// press is the key press a person makes by name.
func press(s string) tea.KeyPressMsg {
	if s == "esc" {
		return tea.KeyPressMsg{Code: tea.KeyEscape}
	}
	return tea.KeyPressMsg{Code: []rune(s)[0], Text: s}
}

// runCmd runs cmd and the commands of any batch it returns, and gives back
// the messages that are not batches.
func runCmd(t *testing.T, cmd tea.Cmd) []tea.Msg {
	t.Helper()
	var out []tea.Msg
	queue := []tea.Cmd{cmd}
	for len(queue) > 0 {
		c := queue[0]
		queue = queue[1:]
		if c == nil {
			continue
		}
		switch msg := c().(type) {
		case nil:
		case tea.BatchMsg:
			queue = append(queue, msg...)
		default:
			out = append(out, msg)
		}
	}
	return out
}

// only is the one message of type T among msgs.
func only[T any](t *testing.T, msgs []tea.Msg) T {
	t.Helper()
	var found []T
	for _, m := range msgs {
		if v, ok := m.(T); ok {
			found = append(found, v)
		}
	}
	if len(found) != 1 {
		var zero T
		t.Fatalf("want one %T among %#v", zero, msgs)
	}
	return found[0]
}
