package app

import (
	"errors"

	"amux.dev/amux/status/agentstate"
	"amux.dev/amux/status/monitor"
	"amux.dev/amux/status/screenrules"
)

// loadScreenRules loads the built-in screen rules and the user's overrides
// under the state home. Bad user files are reported; the built-ins for
// those assistants stay in force.
func loadScreenRules(home string) (monitor.ScreenMatcher, error) {
	set, errs := screenrules.Load(home)
	match := func(assistant string, rows []string) *agentstate.ScreenVerdict {
		v, ok := set.Match(assistant, rows)
		if !ok {
			return nil
		}
		return &agentstate.ScreenVerdict{State: agentstate.State(v.State), Kind: v.Kind, Rule: v.Rule, Evidence: v.Evidence}
	}
	return match, errors.Join(errs...)
}
