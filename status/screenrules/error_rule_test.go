package screenrules

import "testing"

// An error rule speaks only while its error line is the last thing on
// screen: a prompt the person typed after it makes it history.
func TestNoneBelowLooksOnlyUnderTheFirstAllRow(t *testing.T) {
	r := mustRule(t, ruleSpec{Name: "api-error", State: StateError,
		All: []string{"re:^✕ "}, NoneBelow: []string{"re:^ > \\S"}})
	cases := []struct {
		name   string
		screen []string
		want   bool
	}{
		{"error last", []string{" > hello", "✕ [API Error: quota]", "", " >   Type your message"}, true},
		{"a prompt after it", []string{"✕ [API Error: quota]", " > try again", "✦ fine"}, false},
		{"no error", []string{" > hello", "✦ fine"}, false},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			if _, got := r.eval(window(tc.screen)); got != tc.want {
				t.Fatalf("matched %v, want %v", got, tc.want)
			}
		})
	}
}

func TestNoneBelowNeedsAnAllPattern(t *testing.T) {
	if _, err := compileRule(ruleSpec{Name: "x", State: StateError, Any: []string{"a"}, NoneBelow: []string{"b"}}); err == nil {
		t.Fatal("none_below without all compiled")
	}
}

// An error rule speaks before the ready prompt under its error line,
// whatever the file order.
func TestErrorRulesSpeakBeforeTheReadyPrompt(t *testing.T) {
	home := t.TempDir()
	writeRules(t, home, "tool", `
[[rule]]
name = "ready"
state = "idle"
any = ["> "]

[[rule]]
name = "failed"
state = "error"
all = ["Error:"]
`)
	set, errs := Load(home)
	if len(errs) > 0 {
		t.Fatal(errs)
	}
	if v, _ := set.Match("tool", []string{"Error: quota", "> "}); v.State != StateError {
		t.Fatalf("error line over a prompt: %+v", v)
	}
}

// A question regex with groups makes the reason out of them, so a dialog
// whose question row only says "allow?" can name what it asks about.
func TestQuestionGroupsMakeTheReason(t *testing.T) {
	r := mustRule(t, ruleSpec{Name: "approval", State: StateBlocked, Kind: KindPermission,
		Any: []string{"Allow once"}, Question: []string{`re:^│ \? (\S+)\s+(\S.*?)[\s│]*$`}})
	win := window([]string{"│ ? Shell  go test ./...   │", "│ Allow execution of [Shell]? │", "│ ● 1. Allow once │"})
	if got := r.questionIn(win); got != "Shell go test ./..." {
		t.Fatalf("reason %q", got)
	}
}
