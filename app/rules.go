package app

import (
	"errors"

	"amux.dev/amux/status/agentstate"
	"amux.dev/amux/status/monitor"
	"amux.dev/amux/status/screenrules"
	"amux.dev/amux/workspace"
)

// screenMatcher is the monitor's view of the live screen rules: the
// built-in rules and the user's overrides under the state home, reloaded
// when their files change (Live.Watch, started with the monitor).
func screenMatcher(live *screenrules.Live) monitor.ScreenMatcher {
	return func(assistant string, rows []string) *agentstate.ScreenVerdict {
		v, ok := live.Match(assistant, rows)
		if !ok {
			return nil
		}
		return &agentstate.ScreenVerdict{State: agentstate.State(v.State), Kind: v.Kind, Rule: v.Rule,
			Evidence: v.Evidence, Reason: v.Reason, Gate: v.Gate}
	}
}

// composerReader is the engine's view of the rules' composers and
// verdicts, for waiting until an agent can take a delivery and confirming
// it took it.
func composerReader(live *screenrules.Live) workspace.ComposerReader {
	return func(assistant string, screen []string) workspace.ComposerView {
		set := live.Set()
		c, ok := set.Composer(assistant, screen)
		v, _ := set.Match(assistant, screen)
		return workspace.ComposerView{Ruled: set.HasComposer(assistant), Found: ok, Text: c.Text, Empty: c.Empty,
			Queued: c.Queued, State: v.State}
	}
}

// rulesWarning is the start-up warning for user rule files that did not
// load (the built-ins stay in force for those assistants).
func rulesWarning(live *screenrules.Live) error {
	return errors.Join(live.Errs()...)
}
