package changes

import (
	"strings"
	"testing"

	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/x/ansi"

	"amux.dev/amux/ui/keys"
	"amux.dev/amux/ui/keys/keystest"
	"amux.dev/amux/ui/theme"
)

const scope keys.Scope = "changes"

func newList(t *testing.T, rebind map[keys.ActionID][]string) Model {
	t.Helper()
	acts := DefaultActions(scope)
	for i := range acts {
		if ks, ok := rebind[acts[i].ID]; ok {
			acts[i].Keys = ks
		}
	}
	r, err := keys.NewRegistry(acts...)
	if err != nil {
		t.Fatal(err)
	}
	m := New(theme.Dark(), r.Map())
	m.SetSize(60, 20)
	return m
}

func sample() Data {
	var d Data
	d.Base = "main"
	d.Files[Staged] = []File{{Path: "src/a.go", Code: 'M'}, {Path: "new.go", OrigPath: "old.go", Code: 'R'}}
	d.Files[Unstaged] = []File{{Path: "src/a.go", Code: 'M'}, {Path: "README.md", Code: 'M'}}
	d.Files[Untracked] = []File{{Path: "notes/todo.txt", Code: '?'}}
	d.Counts = [groupCount]int{0, 2, 2, 1}
	d.Commits = []Commit{{Hash: "h1", Short: "abc1234", Subject: "add parser"}}
	d.CommitCount = 1
	return d
}

func key(s string) tea.KeyPressMsg { return keystest.Press(s) }

func press(m Model, ks ...string) (Model, tea.Cmd) {
	var cmd tea.Cmd
	for _, k := range ks {
		m, cmd = m.Update(key(k))
	}
	return m, cmd
}

func TestGroupsWithCountsInTheHeaderAndCommits(t *testing.T) {
	m := newList(t, nil)
	m.SetData(sample())
	v := ansi.Strip(m.View())
	for _, want := range []string{"Changes · 2 staged · 2 unstaged · 1 untracked", "Staged (2)", "old.go → new.go",
		"Unstaged (2)", "Untracked (1)", "Commits not on main (1)", "abc1234 add parser", "enter: diff"} {
		if !strings.Contains(v, want) {
			t.Errorf("view lacks %q:\n%s", want, v)
		}
	}
	if f, g, ok := m.Selected(); !ok || g != Staged || f.Path != "src/a.go" {
		t.Fatalf("cursor starts on %+v %v", f, g)
	}
}

func TestCursorStaysOnTheSameFileAcrossRefresh(t *testing.T) {
	m := newList(t, nil)
	m.SetData(sample())
	m, _ = press(m, "j", "j", "j") // staged a, staged new, unstaged a, unstaged README
	if f, g, _ := m.Selected(); f.Path != "README.md" || g != Unstaged {
		t.Fatalf("on %+v %v", f, g)
	}
	d := sample()
	d.Files[Unstaged] = []File{{Path: "README.md", Code: 'M'}} // a.go was staged fully
	d.Counts[Unstaged] = 1
	m.SetData(d)
	if f, g, _ := m.Selected(); f.Path != "README.md" || g != Unstaged {
		t.Fatalf("after refresh on %+v %v", f, g)
	}
}

// A merge that stops puts the cursor on the first conflict, even when the
// cursor was on a commit that is still listed.
func TestSelectFirstConflict(t *testing.T) {
	m := newList(t, nil)
	m.SetData(sample())
	m, _ = press(m, "G")
	if _, ok := m.SelectedCommit(); !ok {
		t.Fatal("G is not on the commit")
	}
	if m.SelectFirst(Conflicted) {
		t.Fatal("selected a conflict where there is none")
	}
	d := sample()
	d.Files[Conflicted] = []File{{Path: "README.md", Code: 'U', InMain: true}}
	d.Counts[Conflicted] = 1
	m.SetData(d)
	if _, ok := m.SelectedCommit(); !ok {
		t.Fatal("a refresh moved the cursor off the commit")
	}
	if !m.SelectFirst(Conflicted) {
		t.Fatal("no conflict selected")
	}
	if f, g, ok := m.Selected(); !ok || g != Conflicted || f.Path != "README.md" || !f.InMain {
		t.Fatalf("on %+v %v", f, g)
	}
}

func TestFilterNarrowsAndEscRestores(t *testing.T) {
	m := newList(t, nil)
	m.SetData(sample())
	m, _ = press(m, "/", "t", "o", "d", "o")
	v := ansi.Strip(m.View())
	if strings.Contains(v, "src/a.go") || !strings.Contains(v, "notes/todo.txt") {
		t.Fatalf("filtered view:\n%s", v)
	}
	if !strings.Contains(v, "Untracked (1)") || !strings.Contains(v, "2 staged") {
		t.Fatal("counts changed with the filter")
	}
	m, _ = press(m, "esc")
	if v := ansi.Strip(m.View()); !strings.Contains(v, "src/a.go") {
		t.Fatal("esc did not clear the filter")
	}
}

func TestEnterAndStageAskTheApp(t *testing.T) {
	m := newList(t, map[keys.ActionID][]string{ActStage: {"a"}})
	m.SetData(sample())
	_, cmd := press(m, "enter")
	if req := cmd().(RequestMsg); req.Op != OpOpenDiff || req.Group != Staged || req.File.Path != "src/a.go" {
		t.Fatalf("enter → %+v", req)
	}
	if _, cmd := press(m, "space"); cmd != nil {
		t.Fatal("the unbound default key still stages")
	}
	_, cmd = press(m, "a")
	if req := cmd().(RequestMsg); req.Op != OpToggleStage {
		t.Fatalf("a → %+v", req)
	}
	if v := ansi.Strip(m.View()); !strings.Contains(v, "a: unstage") { // on a staged file
		t.Fatalf("hint not from the registry:\n%s", v)
	}
	m, _ = press(m, "G")
	_, cmd = press(m, "enter")
	if req := cmd().(RequestMsg); req.Op != OpOpenCommit || req.Commit.Hash != "h1" {
		t.Fatalf("enter on a commit → %+v", req)
	}
}

func TestErrorAndOutsideText(t *testing.T) {
	m := newList(t, nil)
	d := sample()
	d.Files[Untracked][0].Path = "evil\x1b]8;;http://x\x07name"
	m.SetData(d)
	if strings.Contains(m.View(), "\x1b]") {
		t.Fatal("OSC from a path reached the screen")
	}
	m.SetError(errString("git status: fatal:\n\x1b[2Jbroken"))
	v := m.View()
	if strings.Contains(v, "\x1b[2J") || !strings.Contains(ansi.Strip(v), "git status: fatal:") {
		t.Fatalf("error view %q", v)
	}
}

type errString string

func (e errString) Error() string { return string(e) }

// The header counts one conflict as "1 conflict"; the footer names the
// stage key "unstage" on a staged file and "stage" on the others.
func TestHeaderPluralsAndTheFooterSaysUnstageOnAStagedFile(t *testing.T) {
	m := newList(t, nil)
	d := sample()
	d.Files[Conflicted] = []File{{Path: "README.md", Code: 'U'}}
	d.Counts[Conflicted] = 1
	m.SetData(d)
	v := ansi.Strip(m.View())
	if !strings.Contains(v, "Changes · 1 conflict · 2 staged") {
		t.Fatalf("header does not count one conflict in the singular:\n%s", v)
	}
	m.SetData(sample()) // the cursor on the first staged file
	if v := ansi.Strip(m.View()); !strings.Contains(v, ": unstage") {
		t.Fatalf("on a staged file the footer does not say unstage:\n%s", v)
	}
	m, _ = press(m, "j", "j") // an unstaged file
	if v := ansi.Strip(m.View()); strings.Contains(v, ": unstage") || !strings.Contains(v, ": stage") {
		t.Fatalf("on an unstaged file the footer does not say stage:\n%s", v)
	}
}
