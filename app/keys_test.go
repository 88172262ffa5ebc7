package app

import (
	"flag"
	"fmt"
	"os"
	"strings"
	"testing"

	"amux.dev/amux/ui/keys"
)

var update = flag.Bool("update", false, "rewrite golden files and docs/keys.md")

// The registry refuses two actions of one scope sharing a key; building the
// real table proves ours has no clash.
func TestActionTableHasNoKeyClash(t *testing.T) {
	if _, err := keys.NewRegistry(allActions()...); err != nil {
		t.Fatal(err)
	}
}

// Scopes that are active together must not bind one key twice either, or
// one of the two actions could never run.
func TestNoClashAcrossActiveScopes(t *testing.T) {
	for _, err := range activeScopeClashes(allActions()) {
		t.Error(err)
	}
	// The check must see every scope that is active at once: refresh
	// (dashboard) rebound to t clashes with the workspace scope's new tab.
	actions := allActions()
	for i := range actions {
		if actions[i].ID == actRefresh {
			actions[i].Keys = []string{"t"}
		}
	}
	if len(activeScopeClashes(actions)) == 0 {
		t.Fatal("a dashboard key equal to a workspace key went unnoticed")
	}
}

// activeScopeClashes lists every key bound twice within one key context.
func activeScopeClashes(actions []keys.Action) []error {
	reg := keys.MustRegistry(actions...)
	var errs []error
	for c := range numKeyContexts {
		group := keyContextScopes(c)
		seen := map[string]keys.ActionID{}
		for _, a := range reg.InScopes(group...) {
			for _, k := range a.Keys {
				if other, dup := seen[k]; dup {
					errs = append(errs, fmt.Errorf("key %q bound to %s and %s in %v", k, other, a.ID, group))
				}
				seen[k] = a.ID
			}
		}
	}
	return errs
}

// Every scope with actions appears in docs/keys.md.
func TestKeysDocCoversEveryScope(t *testing.T) {
	doc := KeysMarkdown()
	for _, a := range keys.MustRegistry(allActions()...).All() {
		if !strings.Contains(doc, "`"+string(a.ID)+"`") {
			t.Errorf("docs/keys.md lacks %s", a.ID)
		}
	}
}

func TestKeysDocIsCurrent(t *testing.T) {
	const path = "../docs/keys.md"
	want := KeysMarkdown()
	if *update {
		if err := os.WriteFile(path, []byte(want), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	got, err := os.ReadFile(path)
	if err != nil || string(got) != want {
		t.Fatalf("docs/keys.md is stale: run go test ./app -run TestKeysDoc -update")
	}
}

// A config.json written before the list and the tab area were named as on
// screen still remaps them by their former IDs; the new ID wins if both
// are given.
func TestFormerActionIDsStillRemap(t *testing.T) {
	rows, err := remapRows(actionRows(), map[string][]string{"focus-dashboard": {"ctrl+g"}, "focus-center": {"ctrl+b"}, "focus-tab-area": {"ctrl+y"}})
	if err != nil {
		t.Fatal(err)
	}
	got := map[keys.ActionID][]string{}
	for _, r := range rows {
		got[r.ID] = r.Keys
	}
	if k := got[actFocusList]; len(k) != 1 || k[0] != "ctrl+g" {
		t.Fatalf("focus-dashboard did not remap focus-list: %v", k)
	}
	if k := got[actFocusTabArea]; len(k) != 1 || k[0] != "ctrl+y" {
		t.Fatalf("focus-tab-area given too should win over focus-center: %v", k)
	}
}
