package app

import (
	"errors"

	tea "charm.land/bubbletea/v2"

	"amux.dev/amux/app/dialogs"
	"amux.dev/amux/app/modal"
	"amux.dev/amux/ui/keys"
)

// remapRows applies config.json's "keys" section to the action table. The
// clash check covers the scopes of every key context (keyContextScopes);
// an unknown ID, a bad key name or a clash is reported and the actions
// involved keep their default keys.
func remapRows(rows []action, overrides map[string][]string) ([]action, error) {
	if len(overrides) == 0 {
		return rows, nil
	}
	overrides = renamedActions(overrides)
	groups := make([][]keys.Scope, 0, numKeyContexts)
	for c := range numKeyContexts {
		groups = append(groups, keyContextScopes(c))
	}
	acts, errs := keys.Remap(registryOf(rows), overrides, groups)
	for i := range rows {
		rows[i].Action = acts[i]
	}
	return rows, errors.Join(errs...)
}

// formerID is the new ID of an action renamed to the word on screen, so a
// config.json written before keeps working.
func formerID(id string) (keys.ActionID, bool) {
	switch id {
	case "focus-dashboard":
		return actFocusList, true
	case "focus-center":
		return actFocusTabArea, true
	}
	return "", false
}

// renamedActions returns overrides with former IDs under their new names;
// a new name given too wins over its former one.
func renamedActions(overrides map[string][]string) map[string][]string {
	out := make(map[string][]string, len(overrides))
	for id, ks := range overrides {
		if to, ok := formerID(id); ok {
			if _, both := overrides[string(to)]; both {
				continue
			}
			id = string(to)
		}
		out[id] = ks
	}
	return out
}

// scopeTitle names a scope for people ("the project list"), for a key that
// only works elsewhere.
func scopeTitle(s keys.Scope) string {
	for _, t := range scopeTitles() {
		if t.scope == s {
			return "the " + lowerFirst(t.title)
		}
	}
	return string(s)
}

func lowerFirst(s string) string {
	if s == "" {
		return s
	}
	return string(s[0]|0x20) + s[1:]
}

// explainKey says why a key did nothing: the action it is bound to here
// and its reason, or where it works instead (the list, the tab area, a
// terminal tab). A key bound nowhere, or only inside dialogs, stays quiet.
func (m *Model) explainKey(k tea.KeyPressMsg) tea.Cmd {
	e, ok := m.reg.Explain(k.String(), m.available, m.scopes()...)
	if !ok {
		return nil
	}
	if e.Elsewhere {
		switch e.Action.Scope {
		case scopeProjectList, scopeTabArea, scopeWorkspace, scopeTerminal, scopeTabTerminal:
		default:
			return nil
		}
	}
	return m.say(modal.LevelInfo, e.Message(k.String(), scopeTitle))
}

// paletteFocus is where the keys are for a palette opened over scopes (the
// focused pane's); live says a live terminal has the keys.
func paletteFocus(scopes []keys.Scope, live bool) dialogs.PaletteFocus {
	at := dialogs.PaletteFocus{Scopes: scopes, First: actFocusList}
	if live {
		at.Near = []keys.Scope{scopeWorkspace}
	}
	return at
}
