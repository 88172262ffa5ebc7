package app

import (
	"context"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/x/ansi"

	"amux.dev/amux/app/review"
	"amux.dev/amux/app/scene"
	"amux.dev/amux/config"
	"amux.dev/amux/git/udiff"
	"amux.dev/amux/ui/changes"
	"amux.dev/amux/ui/diffview"
	"amux.dev/amux/workspace"
)

// settle runs cmd and every command its messages lead to, handing each
// message to m: the loop Bubble Tea runs, for commands that end by
// themselves (no ticks on these paths).
func settle(t *testing.T, m *Model, cmd tea.Cmd) {
	t.Helper()
	queue := []tea.Cmd{cmd}
	for n := 0; len(queue) > 0; n++ {
		if n > 200 {
			t.Fatal("the commands do not settle")
		}
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
			_, next := m.Update(msg)
			queue = append(queue, next)
		}
	}
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

// realWorkspace is a repository with a tracked file changed in the work
// tree, recorded as its main checkout's workspace, shown at w×h (below
// 140 columns the sidebar is hidden).
func realWorkspace(t *testing.T, w, h int) (*Model, workspace.Record) {
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
	m := New(withEngine(Deps{Config: config.Defaults(), Now: time.Now, Zone: time.UTC}, eng))
	m.Update(tea.WindowSizeMsg{Width: w, Height: h})
	m.Update(loadedMsg{gen: m.list.loadGen, snap: scene.NewSnapshot([]workspace.Project{{Name: "shop", Path: rec.Repo}}, []workspace.Record{rec}, nil)})
	m.list.rows.SelectWorkspace(rec.WorkspaceID())
	m.Update(nil)
	return m, rec
}

// A tracked, changed file opened from the Project tree is read-only: s and
// S stage nothing (the viewer says why) and its footer offers no staging.
func TestTreeOpenedViewerStagesNothing(t *testing.T) {
	m, rec := realWorkspace(t, 120, 40)
	settle(t, m, m.update(review.OpenFileView{WS: rec.WorkspaceID(), Path: "notes.txt"}))
	o := m.overlay
	if o == nil || !strings.Contains(ansi.Strip(o.View(m.width, m.height)), "notes.txt · read-only") {
		t.Fatalf("the file is not shown read-only: %T", m.overlay)
	}
	if v := ansi.Strip(o.View(m.width, m.height)); strings.Contains(v, "stage hunk") {
		t.Fatalf("a read-only view offers staging:\n%s", v)
	}
	for _, k := range []string{"s", "S"} {
		_, cmd := m.Update(press(k))
		settle(t, m, cmd)
	}
	if staged := gitIn(t, rec.Root, "diff", "--cached", "--name-only"); staged != "" {
		t.Fatalf("a read-only view staged %q", staged)
	}
	v := ansi.Strip(o.View(m.width, m.height))
	if !strings.Contains(v, "read-only") || !strings.Contains(v, "stage it from Changes") {
		t.Fatalf("the viewer does not say why nothing was staged:\n%s", v)
	}
	if n := strings.Count(v, "\n") + 1; n != m.height {
		t.Fatalf("the viewer with its message row is %d rows, the screen %d", n, m.height)
	}
}

// e in the viewer opens the file in $EDITOR in the viewer's own workspace,
// with the sidebar hidden too, and a merge conflict (shown from the main
// checkout) opens the main checkout's copy, the one with the markers.
func TestEditorOpensTheViewersFileFromItsTree(t *testing.T) {
	m := newTestModel(t, 120, 40) // the sidebar is hidden
	m.list.rows.Move(1)
	m.Update(nil)
	const ws = "1111111111111111"
	if m.side.ws != "" {
		t.Fatal("the sidebar shows a workspace at 120 columns")
	}
	conflict := changes.File{Path: "README.md", InMain: true}
	m.update(review.OpenFileDiff{WS: ws, File: conflict, Group: changes.Conflicted})
	_, cmd := m.Update(diffview.RequestMsg{Op: diffview.OpOpenEditor, File: udiff.File{NewPath: "README.md"}})
	if m.overlay != nil || cmd == nil {
		t.Fatalf("e did nothing with the sidebar hidden (overlay %T)", m.overlay)
	}
	tr, ok := m.tabs.editorTab(m.tabScene(), ws, true, "README.md")
	if !ok || tr.wsID != ws || !strings.Contains(tr.command, "'/home/dev/code/api/README.md'") {
		t.Fatalf("a conflict's editor tab: %+v", tr)
	}
	if tr, _ := m.tabs.editorTab(m.tabScene(), ws, false, "README.md"); !strings.Contains(tr.command, "'/home/dev/.amux/worktrees/auth-fix/README.md'") {
		t.Fatalf("a worktree file's editor tab: %+v", tr)
	}
}
