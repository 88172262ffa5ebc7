package screenrules

import (
	"strings"
	"testing"
)

// A message wrapped over a box's rows reads as one reason, top to bottom;
// the box's padding rows and rows outside the box add nothing.
func TestReasonRowsJoinABoxedMessage(t *testing.T) {
	r := mustRule(t, ruleSpec{Name: "toast", State: StateError,
		All: []string{"re:^ ▣ "}, ReasonRows: []string{`re:┃  (\S[^┃]*?)\s*┃$`}})
	cases := []struct {
		name   string
		screen []string
		reason string
	}{
		{"wrapped", []string{" ┃  hi        ┃           ┃", "            ┃  Bad       ┃", "            ┃  request.  ┃", "            ┃            ┃", " ▣ Build"}, "Bad request."},
		{"one row", []string{"┃  hi", "   ┃  Rate limit.  ┃", " ▣ Build"}, "Rate limit."},
		{"no box", []string{" ┃  hi", " ▣ Build"}, ""},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			if got := r.questionIn(window(tc.screen)); got != tc.reason {
				t.Fatalf("reason %q, want %q", got, tc.reason)
			}
		})
	}
}

// reason_rows is refused where it cannot work: a state without a reason,
// beside another way of finding the reason, a pattern without a group.
func TestReasonRowsRefusesWhatCannotWork(t *testing.T) {
	cases := []struct {
		name string
		spec ruleSpec
		says string
	}{
		{"working", ruleSpec{Name: "x", State: StateWorking, All: []string{"a"}, ReasonRows: []string{"re:(a)"}}, "states blocked and error only"},
		{"with question", ruleSpec{Name: "x", State: StateError, All: []string{"a"}, Question: []string{"a"}, ReasonRows: []string{"re:(a)"}}, "keep one"},
		{"no group", ruleSpec{Name: "x", State: StateError, All: []string{"a"}, ReasonRows: []string{"re:a"}}, "groups hold the text"},
		{"a literal", ruleSpec{Name: "x", State: StateError, All: []string{"a"}, ReasonRows: []string{"a"}}, "groups hold the text"},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			_, err := compileRule(tc.spec)
			if err == nil || !strings.Contains(err.Error(), tc.says) {
				t.Fatalf("compileRule: %v, want an error saying %q", err, tc.says)
			}
		})
	}
}
