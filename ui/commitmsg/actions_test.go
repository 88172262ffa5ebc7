package commitmsg

import (
	"testing"

	"amux.dev/amux/ui/keys"
	"amux.dev/amux/ui/keys/keystest"
)

// Every action of the dialog is one whole row; committing says the
// message rule's objection, amending says there is nothing to amend.
func TestEveryActionSaysWhyItCannotRun(t *testing.T) {
	blank := newDialog(t, "")
	typed := typeText(newDialog(t, "earlier commit"), "fix the parser")
	keystest.CheckTable(t, Table(), blank, typed)
	cases := []struct {
		name string
		m    Model
		id   keys.ActionID
		want string
	}{
		{"commit a blank message", blank, ActCommit, blank.whyNoCommit()},
		{"amend on a branch without a commit", blank, ActAmend, "nothing to amend: the branch has no commit yet"},
		{"cancel", blank, ActCancel, ""},
		{"commit a typed message", typed, ActCommit, ""},
		{"amend", typed, ActAmend, ""},
	}
	for _, c := range cases {
		if got := c.m.Why(c.id); got != c.want {
			t.Errorf("%s: why %q, want %q", c.name, got, c.want)
		}
	}
	if blank.Why(ActCommit) == "" {
		t.Fatal("a blank message can be committed")
	}
}
