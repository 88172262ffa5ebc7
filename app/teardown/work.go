package teardown

import (
	"errors"
	"fmt"
	"strconv"
	"strings"

	"amux.dev/amux/app/paint"
	"amux.dev/amux/git"
	"amux.dev/amux/ui/dialog"
	"amux.dev/amux/ui/safetext"
	"amux.dev/amux/workspace"
)

// The words of the delete and shelve dialogs about uncommitted work: what
// is at stake, the choices, and what the chosen one does to the work and
// the branch. The dialog (app/lifecycle/teardown.go) only sequences them.

// SafeRisk makes a summary's paths and subjects safe to draw (they are
// file names and commit messages from the repository), once, as the
// summary enters the model.
func SafeRisk(r git.AtRisk) git.AtRisk {
	clean := func(in []string) []string {
		out := make([]string, len(in))
		for i, s := range in {
			out[i] = safetext.Line(s)
		}
		return out
	}
	r.ModifiedPaths, r.UntrackedPaths, r.Subjects = clean(r.ModifiedPaths), clean(r.UntrackedPaths), clean(r.Subjects)
	r.Head = safetext.Line(r.Head)
	return r
}

// RiskLines says what the teardown would lose or leave behind.
func RiskLines(rec workspace.Record, r git.AtRisk) []string {
	var lines []string
	if r.Lossy() {
		lines = append(lines, "Uncommitted work in the worktree:")
		if r.Modified > 0 {
			lines = append(lines, "  "+strconv.Itoa(r.Modified)+" modified: "+sampleList(r.ModifiedPaths, r.Modified))
		}
		if r.Untracked > 0 {
			lines = append(lines, "  "+strconv.Itoa(r.Untracked)+" untracked: "+sampleList(r.UntrackedPaths, r.Untracked))
		}
		if r.Stray > 0 {
			lines = append(lines, "  "+paint.Plural(r.Stray, "commit")+" on a detached HEAD that no branch holds: lost with the worktree")
		}
	}
	if r.Unmerged > 0 {
		lines = append(lines, fmt.Sprintf("The branch %s holds %s merged nowhere else; it is kept:", rec.Branch, paint.Plural(r.Unmerged, "commit")))
		for _, s := range r.Subjects {
			lines = append(lines, "  "+s)
		}
		if more := r.Unmerged - len(r.Subjects); more > 0 {
			lines = append(lines, fmt.Sprintf("  … and %d more", more))
		}
	}
	return lines
}

func sampleList(items []string, total int) string {
	s := strings.Join(items, ", ")
	if more := total - len(items); more > 0 {
		s += fmt.Sprintf(" and %d more", more)
	}
	return s
}

// WorkChoices are the answers the dialog offers for a worktree in state r,
// with the preselected one: a WIP commit on the branch (the default, for
// shelve and delete alike: nothing is lost and the branch keeps it), a
// stash, or discard. A WIP commit is offered only with the branch checked
// out, and only discard deals with commits a detached HEAD holds.
func WorkChoices(rec workspace.Record, r git.AtRisk, shelve bool, restoreKey string) ([]dialog.Option, []workspace.DirtyChoice, []string) {
	op := "delete"
	if shelve {
		op = "shelve"
	}
	discard := dialog.Option{Key: "d", Label: "discard it with the worktree (typed confirm)"}
	if r.Stray > 0 {
		return []dialog.Option{discard}, []workspace.DirtyChoice{workspace.DirtyDiscard},
			[]string{"Neither a WIP commit nor a stash keeps commits on no branch: esc, then put them on one",
				"(git branch <name>), or discard them."}
	}
	var (
		opts    []dialog.Option
		choices []workspace.DirtyChoice
		notes   []string
	)
	if r.Head == rec.Branch {
		label := "keep it as a WIP commit on " + rec.Branch + ", and keep the branch"
		if shelve {
			label = "keep it as a WIP commit on " + rec.Branch + " (" + restoreKey + " brings it back)"
		}
		opts = append(opts, dialog.Option{Key: "w", Label: label})
		choices = append(choices, workspace.DirtyWIP)
	} else {
		notes = append(notes, "HEAD is on "+headLabel(r.Head)+", not on "+rec.Branch+": no WIP commit is offered.")
	}
	if r.Conflicted == 0 {
		opts = append(opts, dialog.Option{Key: "s", Label: "stash it as " + strconv.Quote(workspace.StashMessage(op, rec.Name)) + " (git stash list)"})
		choices = append(choices, workspace.DirtyStash)
	} else {
		notes = append(notes, paint.Plural(r.Conflicted, "path")+" "+paint.HasHave(r.Conflicted)+" unresolved conflicts: a stash cannot hold "+paint.ThemIt(r.Conflicted)+", so none is offered.")
	}
	opts = append(opts, discard)
	choices = append(choices, workspace.DirtyDiscard)
	return opts, choices, notes
}

func headLabel(branch string) string {
	if branch == "" {
		return "a detached HEAD"
	}
	return branch
}

// WorkOutcome says, in the typed confirm, what the chosen answer does to
// the work.
func WorkOutcome(rec workspace.Record, r git.AtRisk, shelve bool, choice workspace.DirtyChoice, restoreKey string) string {
	op := "delete"
	if shelve {
		op = "shelve"
	}
	switch choice {
	case workspace.DirtyWIP:
		if shelve {
			return "Its uncommitted work becomes a WIP commit on " + rec.Branch + "; restoring (" + restoreKey + ") turns it back into uncommitted changes."
		}
		return "Its uncommitted work becomes a WIP commit on " + rec.Branch + "."
	case workspace.DirtyStash:
		return "Its uncommitted work goes to a stash entry " + strconv.Quote(workspace.StashMessage(op, rec.Name)) +
			" in the repository (git stash list; git stash apply brings it back)."
	case workspace.DirtyDiscard:
		lost := []string{}
		if r.Modified > 0 {
			lost = append(lost, strconv.Itoa(r.Modified)+" modified")
		}
		if r.Untracked > 0 {
			lost = append(lost, paint.Plural(r.Untracked, "untracked path"))
		}
		if r.Stray > 0 {
			lost = append(lost, paint.Plural(r.Stray, "commit")+" on no branch")
		}
		return "Its uncommitted work is discarded with the worktree: " + strings.Join(lost, " and ") + " lost for good."
	}
	return ""
}

// BranchFate says what a delete does to the workspace's branch, given the
// summary (nil when it could not be read) and the choice.
func BranchFate(rec workspace.Record, r *git.AtRisk, choice workspace.DirtyChoice) string {
	b := rec.Branch
	switch {
	case !rec.CreatedBranch:
		return "The branch " + b + " existed before the workspace and is kept."
	case r == nil:
		return "The branch " + b + " goes too, unless it has commits merged nowhere else."
	case choice == workspace.DirtyWIP && r.Dirty():
		return "The branch " + b + " is kept: it then holds the WIP commit, merged nowhere else."
	case r.Unmerged > 0:
		return fmt.Sprintf("The branch %s is kept: it has %s merged nowhere else.", b, paint.Plural(r.Unmerged, "commit"))
	}
	return "The branch " + b + " goes too: every commit on it is merged elsewhere."
}

// RefusalNote is the truthful note under a teardown that stopped
// because the work in the tree had no choice that keeps it (the tree grew
// dirty after the dialog read it, or archive wrote into it).
func RefusalNote(err error, shelve, tombstoned bool) (string, bool) {
	if !errors.Is(err, workspace.ErrWorkAtRisk) {
		return "", false
	}
	verb := "delete"
	if shelve {
		verb = "shelve"
	}
	if tombstoned {
		return "The worktree was left as it is; it stays marked as being deleted, and recovery stops at the same point. " +
			"Delete again to choose what to do with the work.", true
	}
	return "The worktree was left as it is. " + strings.ToUpper(verb[:1]) + verb[1:] + " again to choose what to do with the work.", true
}
