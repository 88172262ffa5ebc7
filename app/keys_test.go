package app

import (
	"flag"
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
	for _, group := range [][]keys.Scope{{scopeDashboard, scopeGlobal}, {scopeCenter, scopeGlobal}, {scopeTerminal, scopeGlobal}} {
		seen := map[string]keys.ActionID{}
		for _, a := range keys.MustRegistry(allActions()...).InScopes(group...) {
			for _, k := range a.Keys {
				if other, dup := seen[k]; dup {
					t.Errorf("key %q bound to %s and %s in %v", k, other, a.ID, group)
				}
				seen[k] = a.ID
			}
		}
	}
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
