package app

import (
	"context"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"charm.land/bubbles/v2/spinner"
	tea "charm.land/bubbletea/v2"

	"amux.dev/amux/config"
	"amux.dev/amux/workspace"
)

// The lifecycle flows driven end to end through the root, over a real
// engine and a real git repository: keys in, the engine's work done in
// the commands, the dialogs' and the owner's outcomes applied by the root.

// lifeGit runs git in dir with an identity of its own.
func lifeGit(t *testing.T, dir string, args ...string) {
	t.Helper()
	cmd := exec.Command("git", append([]string{"-c", "user.name=t", "-c", "user.email=t@amux.invalid"}, args...)...)
	cmd.Dir = dir
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("git %v: %v\n%s", args, err, out)
	}
}

// lifeModel is a model over a real engine with one project, a repository
// of one commit; files are committed in it first (path → content).
func lifeModel(t *testing.T, files map[string]string) (*Model, *loop, *workspace.Engine, string) {
	t.Helper()
	t.Setenv("HOME", t.TempDir()) // git reads none of the person's config
	repo := t.TempDir()
	lifeGit(t, repo, "init", "-q", "-b", "main")
	files["README"] = "hello\n"
	for p, body := range files {
		if err := os.MkdirAll(filepath.Dir(filepath.Join(repo, p)), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(repo, p), []byte(body), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	lifeGit(t, repo, "add", "-A")
	lifeGit(t, repo, "commit", "-qm", "start")
	eng := testEngine(t)
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	if _, err := eng.AddProject(ctx, repo); err != nil {
		t.Fatal(err)
	}
	m := New(withEngine(Deps{Config: config.Defaults(), Now: time.Now, Zone: time.UTC}, eng))
	m.Update(tea.WindowSizeMsg{Width: 120, Height: 40})
	l := newLoop(t, m)
	l.until(t, m.list.load(), func() bool { return m.list.loaded })
	return m, l, eng, repo
}

// loop runs commands and every command their messages lead to the way
// Bubble Tea does — each command on its own goroutine, each message handed
// to m in turn. Commands still running when one wait ends are waited for
// by the next. Spinner ticks and notice expiries are dropped: they would
// only keep it busy.
type loop struct {
	m    *Model
	msgs chan tea.Msg
	stop chan struct{}
}

func newLoop(t *testing.T, m *Model) *loop {
	l := &loop{m: m, msgs: make(chan tea.Msg, 16), stop: make(chan struct{})}
	t.Cleanup(func() { close(l.stop) })
	return l
}

// run starts cmd.
func (l *loop) run(cmd tea.Cmd) {
	if cmd == nil {
		return
	}
	go func() {
		select {
		case l.msgs <- cmd():
		case <-l.stop:
		}
	}()
}

// until runs cmd, then hands messages to the model until done holds,
// failing at a deadline.
func (l *loop) until(t *testing.T, cmd tea.Cmd, done func() bool) {
	t.Helper()
	l.run(cmd)
	deadline := time.After(60 * time.Second)
	for !done() {
		select {
		case msg := <-l.msgs:
			switch msg := msg.(type) {
			case nil, spinner.TickMsg, noticeExpiredMsg:
			case tea.BatchMsg:
				for _, c := range msg {
					l.run(c)
				}
			default:
				_, next := l.m.Update(msg)
				l.run(next)
			}
		case <-deadline:
			t.Fatalf("the flow did not get there in time:\n%s", screenText(l.m))
		}
	}
}

// typeKeys presses each rune of s, then the given keys, collecting the
// commands the presses return.
func typeKeys(m *Model, s string, then ...tea.KeyPressMsg) tea.Cmd {
	var cmds []tea.Cmd
	for _, r := range s {
		_, c := m.Update(tea.KeyPressMsg{Code: r, Text: string(r)})
		cmds = append(cmds, c)
	}
	for _, k := range then {
		_, c := m.Update(k)
		cmds = append(cmds, c)
	}
	return tea.Batch(cmds...)
}

var enter = tea.KeyPressMsg{Code: tea.KeyEnter}

func recordNamed(t *testing.T, eng *workspace.Engine, name string) (workspace.Record, bool) {
	t.Helper()
	recs, err := eng.Workspaces(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	for _, r := range recs {
		if r.Name == name {
			return r, true
		}
	}
	return workspace.Record{}, false
}

func TestCreateRunsInItsDialogAndSelectsTheNewWorkspace(t *testing.T) {
	m, l, eng, _ := lifeModel(t, map[string]string{})
	cmd := typeKeys(m, "n")
	if !strings.Contains(screenText(m), "New workspace") {
		t.Fatalf("n opened %T:\n%s", m.overlay, screenText(m))
	}
	cmd = tea.Batch(cmd, typeKeys(m, "", enter))
	if !strings.Contains(screenText(m), "a name is required") {
		t.Fatalf("an empty name was not refused in the dialog:\n%s", screenText(m))
	}
	cmd = tea.Batch(cmd, typeKeys(m, "feat-a", enter))
	if !strings.Contains(screenText(m), "checking feat-a") {
		t.Fatalf("the dialog does not show the check running:\n%s", screenText(m))
	}
	l.until(t, cmd, func() bool { return m.overlay == nil })
	if !strings.Contains(m.notice.text, "created workspace feat-a") {
		t.Fatalf("notice %q", m.notice.text)
	}
	rec, ok := recordNamed(t, eng, "feat-a")
	if !ok {
		t.Fatal("the engine has no workspace feat-a")
	}
	if _, err := os.Stat(rec.Root); err != nil {
		t.Fatalf("no worktree: %v", err)
	}
	// The reload the dialog asked for selects what it made.
	l.until(t, nil, func() bool { w, ok := m.list.rows.SelectedWorkspace(); return ok && w.Name == "feat-a" })
}

func TestCreateRefusesABadBaseRefOnItsField(t *testing.T) {
	m, l, eng, _ := lifeModel(t, map[string]string{})
	cmd := typeKeys(m, "n")
	o := m.overlay
	cmd = tea.Batch(cmd, typeKeys(m, "feat-b", tea.KeyPressMsg{Code: tea.KeyTab}))
	cmd = tea.Batch(cmd, typeKeys(m, "no-such-ref", enter))
	l.until(t, cmd, func() bool { return !strings.Contains(screenText(m), "checking feat-b") })
	if m.overlay != o {
		t.Fatalf("a refused base ref closed the dialog: %T", m.overlay)
	}
	if got := screenText(m); !strings.Contains(got, "no-such-ref") {
		t.Fatalf("the refusal is not shown:\n%s", got)
	}
	if _, ok := recordNamed(t, eng, "feat-b"); ok {
		t.Fatal("a workspace was made from a ref that does not exist")
	}
}

// A repository's setup-workspace waits for approval: the create dialog asks
// in place, and approved, runs it there and closes.
func TestCreateAsksForTheSetupApprovalInPlace(t *testing.T) {
	m, l, eng, _ := lifeModel(t, map[string]string{
		workspace.RepoScriptsFile: `{"setup-workspace": ["echo made > from-setup.txt"]}`,
	})
	cmd := typeKeys(m, "n")
	cmd = tea.Batch(cmd, typeKeys(m, "feat-c", enter))
	l.until(t, cmd, func() bool { return strings.Contains(screenText(m), "Approve setup-workspace") })
	if got := screenText(m); !strings.Contains(got, "$ echo made > from-setup.txt") || !strings.Contains(got, "Approve") {
		t.Fatalf("the question does not show the script:\n%s", got)
	}
	l.until(t, typeKeys(m, "", enter), func() bool { return m.overlay == nil })
	if !strings.Contains(m.notice.text, "setup-workspace approved and finished") {
		t.Fatalf("notice %q", m.notice.text)
	}
	rec, _ := recordNamed(t, eng, "feat-c")
	if b, err := os.ReadFile(filepath.Join(rec.Root, "from-setup.txt")); err != nil || string(b) != "made\n" {
		t.Fatalf("the approved setup did not run: %q %v", b, err)
	}
}

// newWorkspace makes workspace name through the engine and reloads, with
// it selected.
func newWorkspace(t *testing.T, m *Model, l *loop, eng *workspace.Engine, repo, name string) workspace.Record {
	t.Helper()
	res, err := eng.Create(context.Background(), workspace.CreateRequest{Repo: repo, Name: name})
	if err != nil {
		t.Fatal(err)
	}
	m.list.pendingSelect = res.Workspace.WorkspaceID()
	l.until(t, m.list.load(), func() bool { w, ok := m.list.rows.SelectedWorkspace(); return ok && w.Name == name })
	return res.Workspace
}

// Delete: the summary, then the typed confirm; while it runs the row is
// busy in the owner, and the end frees it, says so and removes the tree.
func TestDeleteThroughTheTypedConfirm(t *testing.T) {
	m, l, eng, repo := lifeModel(t, map[string]string{})
	rec := newWorkspace(t, m, l, eng, repo, "gone-soon")
	cmd := typeKeys(m, "D")
	if m.overlay == nil {
		t.Fatal("D opened nothing")
	}
	l.until(t, cmd, func() bool { return strings.Contains(screenText(m), "Type gone-soon to confirm") })
	if got := screenText(m); !strings.Contains(got, "Type gone-soon to confirm") || !strings.Contains(got, "no sessions") {
		t.Fatalf("confirm:\n%s", got)
	}
	cmd = typeKeys(m, "gone-soon", enter)
	if got := m.life.Busy()[rec.WorkspaceID()]; got != "Deleting…" {
		t.Fatalf("the row is not busy while the delete runs: %q", got)
	}
	l.until(t, cmd, func() bool {
		return !m.life.Running() && strings.Contains(m.notice.text, "deleted workspace gone-soon")
	})
	// Every step is done (✓): none waits (·), runs (▸) or failed (✗).
	if s := m.overlay.View(100, 30); !strings.Contains(s, "✓") || strings.ContainsAny(s, "·▸✗") {
		t.Fatalf("the steps did not all finish:\n%s", screenText(m))
	}
	if _, ok := recordNamed(t, eng, "gone-soon"); ok {
		t.Fatal("the record is still there")
	}
	if _, err := os.Stat(rec.Root); !os.IsNotExist(err) {
		t.Fatalf("the worktree is still there: %v", err)
	}
	l.until(t, typeKeys(m, "", enter), func() bool { return m.overlay == nil })
}

// Shelve, then restore: the row says the restore's progress from the
// owner, and the tree comes back.
func TestShelveThenRestoreBringsTheTreeBack(t *testing.T) {
	m, l, eng, repo := lifeModel(t, map[string]string{})
	rec := newWorkspace(t, m, l, eng, repo, "for-later")
	cmd := typeKeys(m, "S")
	l.until(t, cmd, func() bool { return strings.Contains(screenText(m), "Type for-later to confirm") })
	l.until(t, typeKeys(m, "for-later", enter), func() bool {
		return !m.life.Running() && strings.Contains(m.notice.text, "shelved workspace for-later")
	})
	l.until(t, typeKeys(m, "", enter), func() bool {
		w, ok := m.list.rows.SelectedWorkspace()
		return m.overlay == nil && ok && w.Shelved
	})
	if _, err := os.Stat(rec.Root); !os.IsNotExist(err) {
		t.Fatalf("a shelved tree is still there: %v", err)
	}
	cmd = typeKeys(m, "u")
	if got := m.life.Busy()[rec.WorkspaceID()]; !strings.HasPrefix(got, "restoring") {
		t.Fatalf("the row does not say the restore runs: %q", got)
	}
	l.until(t, cmd, func() bool { return !m.life.Running() })
	if !strings.Contains(m.notice.text, "restored workspace for-later") {
		t.Fatalf("notice %q", m.notice.text)
	}
	if _, err := os.Stat(rec.Root); err != nil {
		t.Fatalf("the tree did not come back: %v", err)
	}
}
