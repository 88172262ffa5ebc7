package app

import (
	"fmt"
	"strings"

	"amux.dev/amux/ui/keys"
)

// KeysMarkdown renders docs/keys.md from the action registry, so the
// document can never drift from the keys (a test fails when it is stale).
func KeysMarkdown() string {
	reg := keys.MustRegistry(allActions()...)
	var b strings.Builder
	b.WriteString("# amux keys\n\n")
	b.WriteString("Generated from the action registry (`app/actions.go`) by `go test ./app -run TestKeysDoc -update`.\n")
	b.WriteString("Every command is also in the command palette (ctrl+space), which shows why one is unavailable.\n")
	for _, sc := range scopeTitles() {
		acts := reg.InScopes(sc.scope)
		if len(acts) == 0 {
			continue
		}
		fmt.Fprintf(&b, "\n## %s\n\n| keys | action | id |\n| --- | --- | --- |\n", sc.title)
		for _, a := range acts {
			var ks []string
			for _, k := range a.Keys {
				ks = append(ks, "`"+k+"`")
			}
			if len(ks) == 0 {
				ks = append(ks, "palette only")
			}
			fmt.Fprintf(&b, "| %s | %s | `%s` |\n", strings.Join(ks, " "), a.Help, a.ID)
		}
	}
	b.WriteString("\nDialogs: `enter` confirms (a typed-confirm arms only when the text matches), `esc` cancels, `tab` moves between fields.\n")
	return b.String()
}

// ActionKeys returns the keys bound to an action ID, for tests that press
// keys by action ("new-workspace") rather than by letter.
func ActionKeys(id string) []string {
	a, ok := keys.MustRegistry(allActions()...).Get(keys.ActionID(id))
	if !ok {
		return nil
	}
	return a.Keys
}
