package proto

import (
	"errors"
	"fmt"
	"io"
	"strings"
	"testing"
	"time"

	"amux.dev/amux/git"
	"amux.dev/amux/workspace"
)

// The errors the app branches on come back as what errors.Is and
// errors.As find, their fields intact, and other text made inert.
func TestErrorsCrossTheWireAsTheirKinds(t *testing.T) {
	ue := &workspace.UntrustedError{Repo: "/r", Script: workspace.Script{Kind: workspace.KindSetup, Commands: []string{"make"}}}
	rb := &workspace.RolledBackError{Name: "x", Undone: []string{"the worktree was removed"}, Err: workspace.ErrBadBase}
	cases := []struct {
		err   error
		check func(error) bool
	}{
		{fmt.Errorf("wrap: %w", workspace.ErrNotFound), func(e error) bool { return errors.Is(e, workspace.ErrNotFound) }},
		{git.ErrMergeConflict, func(e error) bool { return errors.Is(e, git.ErrMergeConflict) }},
		{ue, func(e error) bool {
			var got *workspace.UntrustedError
			return errors.As(e, &got) && errors.Is(e, workspace.ErrUntrusted) && got.Script.Commands[0] == "make"
		}},
		{rb, func(e error) bool {
			var got *workspace.RolledBackError
			return errors.As(e, &got) && errors.Is(e, workspace.ErrBadBase) && got.Undone[0] == rb.Undone[0]
		}},
		{&workspace.PathTakenError{Path: "/p"}, func(e error) bool { return errors.Is(e, workspace.ErrExists) }},
		{&workspace.AtRiskError{Root: "/w", Reason: "r"}, func(e error) bool { return errors.Is(e, workspace.ErrWorkAtRisk) }},
	}
	for _, c := range cases {
		if got := EncodeError(c.err).Decode(); !c.check(got) || got.Error() != c.err.Error() {
			t.Errorf("%v came back as %T %v", c.err, got, got)
		}
	}
	if got := (&Error{Text: "bad \x1b]8;;http://x\x07link\u202e"}).Decode().Error(); strings.ContainsAny(got, "\x1b\x07\u202e") {
		t.Errorf("host text not made inert: %q", got)
	}
}

// A record, with its scripts, survives the wire as it is.
func TestARecordCrossesTheWire(t *testing.T) {
	r := Record{Record: workspace.Record{ID: "abc123", Name: "n", Root: "/w", Created: time.Unix(5, 0).UTC(),
		Scripts: workspace.ScriptSet{Setup: []string{"a", "b"}, Run: "r"}, Env: map[string]string{"K": "V"}},
		TeardownOp: "delete", Running: []workspace.ScriptKind{workspace.KindRun}}
	pr, pw := io.Pipe()
	go func() { _ = NewWriter(pw).Write(Message{Type: TypeRecords, Records: []Record{r}}) }()
	m, err := NewReader(pr, MaxHostLine).Read()
	if err != nil {
		t.Fatal(err)
	}
	got := m.Records[0]
	if got.ID != r.ID || got.Scripts.Run != "r" || len(got.Scripts.Setup) != 2 || got.Env["K"] != "V" ||
		!got.Created.Equal(r.Created) || got.TeardownOp != "delete" || got.Running[0] != workspace.KindRun {
		t.Fatalf("record came back as %+v", got)
	}
}

// A line over the cap ends the stream with ErrLineTooLong instead of
// growing without bound.
func TestALineOverTheCapIsRefused(t *testing.T) {
	long := `{"t":"output","text":"` + strings.Repeat("x", 200<<10) + `"}` + "\n"
	if _, err := NewReader(strings.NewReader(long), 100<<10).Read(); !errors.Is(err, ErrLineTooLong) {
		t.Fatalf("got %v", err)
	}
	if _, err := NewReader(strings.NewReader("not json\n"), 1<<10).Read(); err == nil {
		t.Fatal("a line that is not a message was read")
	}
}

// Pushed sessions with forged targets or names are dropped; display
// fields are made inert.
func TestPushedSessionsAreValidated(t *testing.T) {
	ok := Session{State: "working\x1b[2J"}
	ok.ID, ok.Name = "$3", "amux-abc-t1"
	if c, keep := CleanSession(ok); !keep || c.State != "working[2J" {
		t.Fatalf("kept=%v state=%q", keep, c.State)
	}
	for _, bad := range []struct{ id, name string }{{"%1", "amux-x"}, {"$1", "a:b"}, {"$1", "a\nb"}, {"$1;kill", "x"}} {
		s := Session{}
		s.ID, s.Name = bad.id, bad.name
		if _, keep := CleanSession(s); keep {
			t.Errorf("kept %q %q", bad.id, bad.name)
		}
	}
}
