package screenrules

import "testing"

// The opencode shape: a footer that a turn waiting for its reply and a
// turn given up on both end with; only a block of the same turn above the
// one right over the footer makes that one an error block.
func TestAboveWantsABlockThatDoesNotOpenTheTurn(t *testing.T) {
	r := mustRule(t, ruleSpec{Name: "gave-up", State: StateError,
		All: []string{"re:^ ▣ [^·]+$"}, Above: []string{"re:^ ┃"}, NoneAbove: []string{"re:^ ▣ "},
		ReasonAbove: []string{`re:^ ┃(?: (\S.*?))?$`}})
	cases := []struct {
		name   string
		screen []string
		want   bool
		reason string
	}{
		{"error block after the person's", []string{"", " ┃", " ┃ hi", " ┃", "", " ┃", " ┃ Bad key.", " ┃", "", " ▣ Build"}, true, "Bad key."},
		{"wrapped message", []string{" ┃ hi", "", " ┃", " ┃ Bad", " ┃ key.", " ┃", " ▣ Build"}, true, "Bad key."},
		{"after a reply", []string{" ▣ Build · 2s", "", " ┃ hi", "", "partial reply", "", " ┃", " ┃ Cut off.", " ┃", "", " ▣ Build"}, true, "Cut off."},
		{"only the person's block, first turn", []string{"", " ┃", " ┃ hi", " ┃", "", " ▣ Build"}, false, ""},
		{"only the person's block after a turn", []string{" ▣ Build · 2s", "", " ┃", " ┃ hi", " ┃", "", " ▣ Build"}, false, ""},
		{"a reply right above", []string{" ┃ hi", "", "the reply", "", " ▣ Build"}, false, ""},
		{"nothing above", []string{"", " ▣ Build"}, false, ""},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			win := window(tc.screen)
			if _, got := r.eval(win); got != tc.want {
				t.Fatalf("matched %v, want %v", got, tc.want)
			}
			if tc.want {
				if got := r.questionIn(win); got != tc.reason {
					t.Fatalf("reason %q, want %q", got, tc.reason)
				}
			}
		})
	}
}

// readUp reads the block at the bottom, past its padding, and stops at
// the first row that is not its text.
func TestReadUp(t *testing.T) {
	p := mustRule(t, ruleSpec{Name: "x", State: StateError, All: []string{"x"},
		ReasonAbove: []string{`re:^\|(?: (\S.*?))?$`}}).reasonAbove[0]
	cases := []struct {
		name string
		rows []string
		want string
	}{
		{"padding and blanks skipped", []string{"|", "| one", "| two", "|", "", ""}, "one two"},
		{"stops at padding above", []string{"| old", "|", "| new", "|"}, "new"},
		{"stops at a blank row", []string{"| old", "", "| new"}, "new"},
		{"a row of other text first", []string{"| msg", "plain"}, ""},
		{"nothing", nil, ""},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			if got := readUp(tc.rows, p); got != tc.want {
				t.Fatalf("got %q, want %q", got, tc.want)
			}
		})
	}
}

func TestAboveFieldsAreChecked(t *testing.T) {
	bad := []ruleSpec{
		{Name: "a", State: StateError, Any: []string{"x"}, Above: []string{"y"}},
		{Name: "b", State: StateError, All: []string{"x"}, NoneAbove: []string{"y"}},
		{Name: "c", State: StateIdle, All: []string{"x"}, ReasonAbove: []string{"re:(y)"}},
		{Name: "d", State: StateError, All: []string{"x"}, ReasonAbove: []string{"y"}},
		{Name: "e", State: StateError, All: []string{"x"}, ReasonAbove: []string{"re:y"}},
		{Name: "f", State: StateError, All: []string{"x"}, ReasonAbove: []string{"re:(y)"}, Question: []string{"z"}},
	}
	for _, spec := range bad {
		if _, err := compileRule(spec); err == nil {
			t.Errorf("rule %s compiled: %+v", spec.Name, spec)
		}
	}
	mustRule(t, ruleSpec{Name: "ok", State: StateError, All: []string{"x"}, Above: []string{"y"},
		NoneAbove: []string{"z"}, ReasonAbove: []string{"re:(y)"}})
}
