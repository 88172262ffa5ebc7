package lifecycle

import (
	"strings"
	"testing"

	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/x/ansi"

	"amux.dev/amux/app/teardown"
	"amux.dev/amux/git"
	"amux.dev/amux/workspace"
)

// authFix is the workspace the dialogs are opened on.
var authFix = workspace.Record{ID: "1111111111111111", Name: "auth-fix", Branch: "auth-fix", Base: "main",
	Repo: "/home/dev/code/api", Root: "/home/dev/.amux/worktrees/auth-fix", CreatedBranch: true}

// openTeardownOf opens the delete (shelve) dialog on auth-fix, ending
// sessions (as the root names them).
func openTeardownOf(t *testing.T, sessions string, shelve bool) (*teardownOverlay, tea.Cmd) {
	t.Helper()
	cmd, out := testOwner(t).OpenTeardown(testKit(t), authFix.ID, authFix.Name, authFix, sessions, shelve)
	return out.Open.(*teardownOverlay), cmd
}

// screen is what dialog o shows in the dialog area of a 120×40 screen.
func screen(o *teardownOverlay) string { return ansi.Strip(o.View(dialogW, dialogH)) }

const dialogW, dialogH = 116, 36

// openDelete opens the delete dialog on auth-fix and delivers risk as the
// summary's answer, the way the runtime hands over a command's message
// (the engine's own reading of real trees is tested in workspace and e2e).
func openDelete(t *testing.T, risk git.AtRisk) *teardownOverlay {
	t.Helper()
	o, cmd := openTeardownOf(t, "no sessions (none is running)", false)
	if cmd == nil {
		t.Fatal("the dialog reads the summary in no command")
	}
	if got := screen(o); !strings.Contains(got, "checking the worktree for uncommitted work") {
		t.Fatalf("no loading state while the summary is read:\n%s", got)
	}
	msg := atRiskMsg{gen: o.gen, risk: risk}
	o.Update(atRiskMsg{gen: -1}) // a stale answer changes nothing
	if !o.loading {
		t.Fatal("a stale summary was taken")
	}
	o.Update(msg)
	return o
}

func TestDeleteDialogAsksWhatToDoWithUncommittedWork(t *testing.T) {
	o := openDelete(t, git.AtRisk{Head: "auth-fix", Modified: 2, ModifiedPaths: []string{"a.go", "b.go"},
		Untracked: 1, UntrackedPaths: []string{"evil\x1b]8;;http://x\x07name"}})
	got := screen(o)
	for _, want := range []string{"2 modified: a.go, b.go", "1 untracked: evil", "▸ w  keep it as a WIP commit on auth-fix",
		"s  stash it", "d  discard it", "w/s/d: choose", "esc: cancel"} {
		if !strings.Contains(got, want) {
			t.Fatalf("the choice lacks %q:\n%s", want, got)
		}
	}
	if strings.Contains(o.View(dialogW, dialogH), "\x1b]8") {
		t.Fatal("a path's escape sequence reached the screen")
	}
	o.Update(tea.KeyPressMsg{Code: 'd', Text: "d"})
	if o.dirty != workspace.DirtyDiscard || o.confirm == nil {
		t.Fatalf("d did not lead to the typed confirm for discard: %+v", o.dirty)
	}
	if got := screen(o); !strings.Contains(got, "discarded") || !strings.Contains(got, "Type auth-fix to confirm") {
		t.Fatalf("the confirm does not say the work is discarded:\n%s", got)
	}
}

func TestDeleteDialogOffersOnlyWhatCanKeepTheWork(t *testing.T) {
	o := openDelete(t, git.AtRisk{Head: "elsewhere", Untracked: 1, UntrackedPaths: []string{"n"}})
	if got := screen(o); strings.Contains(got, "keep it as a WIP commit") || !strings.Contains(got, "HEAD is on elsewhere") {
		t.Fatalf("a WIP commit is offered with HEAD on another branch:\n%s", got)
	}
	o = openDelete(t, git.AtRisk{Stray: 2})
	if got := screen(o); strings.Contains(got, "stash it") || !strings.Contains(got, "d  discard it") {
		t.Fatalf("only discard deals with commits on no branch:\n%s", got)
	}
	o = openDelete(t, git.AtRisk{Head: "auth-fix", Unmerged: 1, Subjects: []string{"half done"}})
	if got := screen(o); !strings.Contains(got, "Type auth-fix to confirm") || !strings.Contains(got, "is kept: it has 1 commit merged") {
		t.Fatalf("a clean tree with unmerged commits goes to the confirm, saying the branch is kept:\n%s", got)
	}
	if o.dirty != workspace.DirtyRefuse {
		t.Fatalf("no question was asked, yet the choice is %q", o.dirty)
	}
}

// The shelve confirmation names the sessions the shelve ends, as the root
// names them (its sessionsOf is tested with the painter), and the dialog
// asks about an unapproved archive script before the confirm, never
// speaking of tombstones.
func TestShelveConfirmListsTheSessionsAndAsksAboutTheArchive(t *testing.T) {
	o, _ := openTeardownOf(t, "its 3 sessions: agent (agent), shell (terminal), the run script", true)
	sc := workspace.Script{Kind: workspace.KindArchive, Commands: []string{"make archive"}, Hash: "h"}
	o.Update(atRiskMsg{gen: o.gen, risk: git.AtRisk{Head: "auth-fix"},
		archive: &workspace.UntrustedError{Repo: "/home/dev/code/api", Script: sc}})
	if got := screen(o); !strings.Contains(got, "$ make archive") || !strings.Contains(got, "skip it") {
		t.Fatalf("no archive question:\n%s", got)
	}
	o.Update(tea.KeyPressMsg{Code: 's', Text: "s"})
	got := screen(o)
	for _, want := range []string{"Ends its 3 sessions:", "agent (agent)", "shell (terminal)", "the run script", "skips the archive script"} {
		if !strings.Contains(got, want) {
			t.Errorf("the confirm lacks %q:\n%s", want, got)
		}
	}
	if !o.skipArchive || o.approveArchive {
		t.Errorf("skip not recorded: %+v", o)
	}
	if strings.Contains(got, "tombstone") || strings.Contains(strings.Join(teardown.Labels(true), " "), "tombstone") {
		t.Errorf("tombstone shown:\n%s", got)
	}
}
