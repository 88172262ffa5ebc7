package keys

import (
	"errors"
	"slices"
	"strings"
	"testing"
)

func sample() []Action {
	return []Action{
		{ID: "palette", Scope: "global", Keys: []string{"ctrl+space"}, Help: "Palette"},
		{ID: "refresh", Scope: "dashboard", Keys: []string{"r"}, Help: "Refresh"},
		{ID: "new-workspace", Scope: "dashboard", Keys: []string{"n"}, Help: "New"},
		{ID: "new-agent", Scope: "workspace", Keys: []string{"t"}, Help: "Agent"},
		{ID: "focus-list", Scope: "center", Keys: []string{"esc", "h"}, Help: "Focus list"},
		{ID: "scroll-up", Scope: "terminal", Keys: []string{"shift+pgup"}, Help: "Scroll"},
	}
}

var groups = [][]Scope{
	{"dashboard", "workspace", "global"},
	{"center", "workspace", "global"},
	{"terminal", "global"},
}

func keysOf(t *testing.T, acts []Action, id ActionID) []string {
	t.Helper()
	for _, a := range acts {
		if a.ID == id {
			return a.Keys
		}
	}
	t.Fatalf("no %s", id)
	return nil
}

func TestRemapAppliesOverridesAndReportsUnknownIDsAndBadKeys(t *testing.T) {
	acts, errs := Remap(sample(), map[string][]string{
		"new-workspace": {"N", "ctrl+N"},
		"no-such":       {"x"},
		"refresh":       {"shift+r"},
		"scroll-up":     {"Shift+Ctrl+Up", "escape"},
	}, groups)
	if got := keysOf(t, acts, "new-workspace"); !slices.Equal(got, []string{"N", "ctrl+n"}) {
		t.Errorf("new-workspace = %v", got)
	}
	if got := keysOf(t, acts, "scroll-up"); !slices.Equal(got, []string{"ctrl+shift+up", "esc"}) {
		t.Errorf("scroll-up = %v (modifiers in Bubble Tea's order)", got)
	}
	if got := keysOf(t, acts, "refresh"); !slices.Equal(got, []string{"r"}) {
		t.Errorf("a refused override changed refresh: %v", got)
	}
	text := errors.Join(errs...).Error()
	for _, want := range []string{`keys.no-such: no action has this ID`, `keys.refresh: "shift+r" never arrives`} {
		if !strings.Contains(text, want) {
			t.Errorf("errors lack %q:\n%s", want, text)
		}
	}
	if _, err := NewRegistry(acts...); err != nil {
		t.Fatal(err)
	}
}

// A key that meets another action's key in scopes active together is a
// clear error naming both; the overridden action keeps its defaults.
func TestRemapClashAcrossActiveScopesKeepsDefaults(t *testing.T) {
	acts, errs := Remap(sample(), map[string][]string{"refresh": {"t"}}, groups)
	if len(errs) != 1 {
		t.Fatalf("errs = %v", errs)
	}
	var re *RemapError
	if !errors.As(errs[0], &re) || re.ID != "refresh" || re.Other != "new-agent" || re.Key != "t" {
		t.Fatalf("err = %#v", errs[0])
	}
	msg := errs[0].Error()
	for _, want := range []string{"refresh", "new-agent", `"t"`, "dashboard+workspace+global", "keeps its default"} {
		if !strings.Contains(msg, want) {
			t.Errorf("message lacks %q: %s", want, msg)
		}
	}
	if got := keysOf(t, acts, "refresh"); !slices.Equal(got, []string{"r"}) {
		t.Fatalf("refresh = %v, want its default", got)
	}
	// The same key in scopes never active together is fine: t in the
	// terminal is the agent's.
	acts, errs = Remap(sample(), map[string][]string{"scroll-up": {"t"}}, groups)
	if len(errs) != 0 || !slices.Equal(keysOf(t, acts, "scroll-up"), []string{"t"}) {
		t.Fatalf("terminal-only rebind refused: %v", errs)
	}
}

// Two overrides may trade keys; two overrides that meet both go back, and
// a default freed by one override may be taken by another.
func TestRemapSwapsAndMutualClashes(t *testing.T) {
	acts, errs := Remap(sample(), map[string][]string{"refresh": {"n"}, "new-workspace": {"r"}}, groups)
	if len(errs) != 0 || !slices.Equal(keysOf(t, acts, "refresh"), []string{"n"}) || !slices.Equal(keysOf(t, acts, "new-workspace"), []string{"r"}) {
		t.Fatalf("swap: %v %v", acts, errs)
	}
	acts, errs = Remap(sample(), map[string][]string{"refresh": {"z"}, "new-workspace": {"z"}}, groups)
	if len(errs) == 0 || !slices.Equal(keysOf(t, acts, "refresh"), []string{"r"}) || !slices.Equal(keysOf(t, acts, "new-workspace"), []string{"n"}) {
		t.Fatalf("mutual clash: %v %v", keysOf(t, acts, "refresh"), errs)
	}
	// Reverting one side can make a new clash: new-workspace takes r,
	// refresh's t clashes, refresh goes back to r, which now clashes with
	// new-workspace's r: both end at their defaults.
	acts, errs = Remap(sample(), map[string][]string{"refresh": {"t"}, "new-workspace": {"r"}}, groups)
	if !slices.Equal(keysOf(t, acts, "refresh"), []string{"r"}) || !slices.Equal(keysOf(t, acts, "new-workspace"), []string{"n"}) {
		t.Fatalf("cascade: %v %v / %v", keysOf(t, acts, "refresh"), keysOf(t, acts, "new-workspace"), errs)
	}
	if _, err := NewRegistry(acts...); err != nil {
		t.Fatal(err)
	}
}

func TestNormalizeKey(t *testing.T) {
	for in, want := range map[string]string{"N": "N", "?": "?", "ctrl+space": "ctrl+space", "alt+ctrl+X": "ctrl+alt+x",
		"F5": "f5", "ESC": "esc", "+": "+", "ctrl++": "ctrl++", "shift+tab": "shift+tab", "PgUp": "pgup"} {
		if got, err := NormalizeKey(in); err != nil || got != want {
			t.Errorf("%q → %q, %v; want %q", in, got, err, want)
		}
	}
	for _, bad := range []string{"", "ctrl+", "hyperspace", "foo+x", "ctrl+ctrl+x", "shift+a", "\t", "f99", "ab"} {
		if got, err := NormalizeKey(bad); err == nil {
			t.Errorf("%q accepted as %q", bad, got)
		}
	}
}

func TestExplainSaysWhyAndWhere(t *testing.T) {
	r := MustRegistry(sample()...)
	noNew := func(id ActionID) (bool, string) {
		if id == "new-workspace" {
			return false, "add a project first"
		}
		return true, ""
	}
	e, ok := r.Explain("n", noNew, "dashboard", "workspace", "global")
	if !ok || e.Elsewhere || e.Message("n", nil) != "n new-workspace: add a project first" && e.Message("n", nil) != "n New: add a project first" {
		t.Fatalf("unavailable: %+v %q", e, e.Message("n", nil))
	}
	e, ok = r.Explain("n", AlwaysAvailable, "center", "workspace", "global")
	where := func(s Scope) string { return map[Scope]string{"dashboard": "the project list"}[s] }
	if !ok || !e.Elsewhere || e.Message("n", where) != "n New: works in the project list" {
		t.Fatalf("elsewhere: %+v %q", e, e.Message("n", where))
	}
	if _, ok := r.Explain("r", AlwaysAvailable, "dashboard"); ok {
		t.Fatal("an available action explained")
	}
	if _, ok := r.Explain("q", AlwaysAvailable, "dashboard"); ok {
		t.Fatal("an unbound key explained")
	}
	if r.KeysOf("focus-list") != "esc/h" || r.KeysOf("nope") != "" {
		t.Fatalf("KeysOf = %q", r.KeysOf("focus-list"))
	}
}

// An empty list leaves a palette command without a key; an action the
// palette does not offer keeps its keys, since nothing else could run it.
func TestRemapEmptyListOnlyForPaletteCommands(t *testing.T) {
	acts := sample()
	acts[1].Palette = true // refresh
	got, errs := Remap(acts, map[string][]string{"refresh": {}, "palette": {}}, groups)
	if ks := keysOf(t, got, "refresh"); len(ks) != 0 {
		t.Fatalf("refresh kept %v", ks)
	}
	if ks := keysOf(t, got, "palette"); !slices.Equal(ks, []string{"ctrl+space"}) {
		t.Fatalf("the palette lost its key: %v", ks)
	}
	if len(errs) != 1 || !strings.Contains(errs[0].Error(), "not in the palette") {
		t.Fatalf("errors: %v", errs)
	}
	if _, err := NewRegistry(got...); err != nil {
		t.Fatalf("a registry with a keyless action: %v", err)
	}
}
