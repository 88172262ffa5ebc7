package lifecycle

import (
	"context"
	"fmt"
	"maps"
	"slices"
	"strings"
	"time"

	tea "charm.land/bubbletea/v2"

	"amux.dev/amux/app/modal"
	"amux.dev/amux/app/paint"
	"amux.dev/amux/app/scene"
	"amux.dev/amux/workspace"
)

type recoveredMsg struct {
	report workspace.RecoveryReport
	err    error
}

// recover runs startup recovery in the background: it finishes (or undoes)
// what a crash interrupted and stops the scripts it left running.
func (l *Owner) Recover() tea.Cmd {
	life := l.d.life
	return func() tea.Msg {
		ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute)
		defer cancel()
		rep, err := life.Recover(ctx, workspace.RecoverOptions{})
		return recoveredMsg{rep, err}
	}
}

// recoveryNotes says what startup recovery did, one phrase each.
func recoveryNotes(rep workspace.RecoveryReport) []string {
	var out []string
	note := func(n int, did, what, after string) {
		if n > 0 {
			out = append(out, did+" "+paint.Plural(n, "interrupted "+what)+after)
		}
	}
	note(len(rep.Finished), "finished", "delete", "")
	note(len(rep.Shelved), "finished", "shelve", "")
	note(len(rep.RolledBack), "undid", "create", "")
	note(len(rep.Restored), "finished", "restore", " (setup-workspace did not run)")
	note(len(rep.Unrestored), "undid", "restore", " (still shelved)")
	if len(rep.Reaped) > 0 {
		var which []string
		for _, p := range rep.Reaped {
			name := p.Name
			if name == "" {
				name = p.Workspace
			}
			which = append(which, string(p.Script)+" of "+name)
		}
		out = append(out, "stopped what a crash left running: "+strings.Join(which, ", "))
	}
	return out
}

// recoveredOutcome says what recovery did, and reloads when it changed
// records or trees.
func recoveredOutcome(msg recoveredMsg) modal.Outcome {
	done := strings.Join(recoveryNotes(msg.report), "; ")
	var out modal.Outcome
	if done != "" {
		out = out.Then(scene.Reload{List: true}) // recovery changed records, trees or both
	}
	switch {
	case msg.err != nil:
		out.Say, out.SayLevel = "startup recovery: "+joinNonEmpty(msg.err.Error(), done), modal.LevelError
	case len(msg.report.Failed) > 0:
		pending := slices.Sorted(maps.Keys(msg.report.Failed))
		out.Say, out.SayLevel = joinNonEmpty(done,
			fmt.Sprintf("cleanup still pending for %v; it retries on the next start", pending)), modal.LevelWarn
	default:
		out.Say = done
	}
	return out
}

// joinNonEmpty joins the non-empty parts with "; ".
func joinNonEmpty(parts ...string) string {
	var out []string
	for _, p := range parts {
		if p != "" {
			out = append(out, p)
		}
	}
	return strings.Join(out, "; ")
}
