package status

import (
	"encoding/base64"
	"errors"
	"strings"
	"testing"
)

func b64(s string) string { return base64.StdEncoding.EncodeToString([]byte(s)) }

// TestParsePayloadRules has one case per protocol rule (revision 0.4).
func TestParsePayloadRules(t *testing.T) {
	long := func(n int) string { return strings.Repeat("x", n) }
	seg := func(n int) string { return strings.Repeat("s", n) }
	ok := func(r Report) *Report { return &r }
	cases := []struct {
		name    string
		payload string
		want    *Report // nil: dropped
	}{
		// Form and keys.
		{"minimal", "state=idle", ok(Report{State: StateIdle})},
		{"all keys", "state=blocked:kind=question:app=my-tool:id=a/b:progress=40:title=" + b64("T") + ":msg=" + b64("hi"),
			ok(Report{State: StateBlocked, Kind: KindQuestion, App: "my-tool", ID: "a/b", Progress: 40, HasProgress: true, Title: "T", Message: "hi"})},
		{"unknown key ignored", "state=done:future=1:x-y=z", ok(Report{State: StateDone})},
		{"repeated key last wins", "state=working:state=done", ok(Report{State: StateDone})},
		{"repeated msg last wins", "state=done:msg=" + b64("a") + ":msg=" + b64("b"), ok(Report{State: StateDone, Message: "b"})},
		{"uppercase key drops", "STATE=done", nil},
		{"mixed-case key drops", "state=done:Msg=" + b64("x"), nil},
		{"element without = drops", "state=done:oops", nil},
		{"empty element drops", "state=done::app=a", nil},
		{"trailing colon drops", "state=done:", nil},
		{"empty payload drops", "", nil},
		// state.
		{"state required", "app=a", nil},
		{"unknown state ignored whole", "state=sleeping:msg=" + b64("x"), nil},
		{"empty state", "state=", nil},
		{"state is case-sensitive", "state=Done", nil},
		{"clear", "state=clear", ok(Report{State: StateClear})},
		{"every state", "state=error", ok(Report{State: StateError})},
		// id and app grammar.
		{"id charset", "state=done:id=A-z_0.9+x", ok(Report{State: StateDone, ID: "A-z_0.9+x"})},
		{"id bad char", "state=done:id=a b", nil},
		{"id empty segment", "state=done:id=a//b", nil},
		{"id leading slash", "state=done:id=/a", nil},
		{"id empty value", "state=done:id=", nil},
		{"id segment 32 ok", "state=done:id=" + seg(32), ok(Report{State: StateDone, ID: seg(32)})},
		{"id segment 33 drops", "state=done:id=" + seg(33), nil},
		{"id 8 levels ok", "state=done:id=a/b/c/d/e/f/g/h", ok(Report{State: StateDone, ID: "a/b/c/d/e/f/g/h"})},
		{"id 9 levels drops", "state=done:id=a/b/c/d/e/f/g/h/i", nil},
		{"id 128 bytes ok", "state=done:id=" + seg(32) + "/" + seg(32) + "/" + seg(32) + "/" + seg(29), ok(Report{State: StateDone, ID: seg(32) + "/" + seg(32) + "/" + seg(32) + "/" + seg(29)})},
		{"id 129 bytes drops", "state=done:id=" + seg(32) + "/" + seg(32) + "/" + seg(32) + "/" + seg(30), nil},
		{"app one segment", "state=done:app=a/b", nil},
		{"app empty", "state=done:app=", nil},
		{"app 33 drops", "state=done:app=" + seg(33), nil},
		// kind.
		{"kind with blocked", "state=blocked:kind=auth", ok(Report{State: StateBlocked, Kind: KindAuth})},
		{"kind permission", "state=blocked:kind=permission", ok(Report{State: StateBlocked, Kind: KindPermission})},
		{"kind without blocked drops", "state=working:kind=question", nil},
		{"unknown kind drops", "state=blocked:kind=coffee", nil},
		{"blocked without kind", "state=blocked", ok(Report{State: StateBlocked})},
		// progress.
		{"progress 0", "state=working:progress=0", ok(Report{State: StateWorking, HasProgress: true})},
		{"progress 100 blocked", "state=blocked:progress=100", ok(Report{State: StateBlocked, Progress: 100, HasProgress: true})},
		{"progress 101 drops", "state=working:progress=101", nil},
		{"progress negative drops", "state=working:progress=-1", nil},
		{"progress not a number", "state=working:progress=5%", nil},
		{"progress with done drops", "state=done:progress=50", nil},
		{"progress with idle drops", "state=idle:progress=50", nil},
		// msg and title.
		{"msg utf8", "state=done:msg=" + b64("grün ✓"), ok(Report{State: StateDone, Message: "grün ✓"})},
		{"msg unpadded base64", "state=done:msg=" + base64.RawStdEncoding.EncodeToString([]byte("ab")), ok(Report{State: StateDone, Message: "ab"})},
		{"msg empty", "state=done:msg=", ok(Report{State: StateDone})},
		{"msg bad base64 drops", "state=done:msg=!!!!", nil},
		{"msg url-safe alphabet drops", "state=done:msg=" + base64.URLEncoding.EncodeToString([]byte{0xfb, 0xff}), nil},
		{"msg 2048 ok", "state=done:msg=" + b64(long(2048)), ok(Report{State: StateDone, Message: long(2048)})},
		{"msg 2049 drops", "state=done:msg=" + b64(long(2049)), nil},
		{"msg newline drops", "state=done:msg=" + b64("a\nb"), nil},
		{"msg control drops", "state=done:msg=" + b64("a\x1b[31mb"), nil},
		{"msg C1 control drops", "state=done:msg=" + b64("a\u0085b"), nil},
		{"msg invalid utf8 drops", "state=done:msg=" + b64("a\xffb"), nil},
		{"title 192 ok", "state=done:title=" + b64(long(192)), ok(Report{State: StateDone, Title: long(192)})},
		{"title 193 drops", "state=done:title=" + b64(long(193)), nil},
		{"title bad base64 drops", "state=done:title=a", nil},
	}
	for _, c := range cases {
		got, err := ParsePayload([]byte(c.payload))
		switch {
		case c.want == nil && err == nil:
			t.Errorf("%s: accepted %+v, want dropped", c.name, got)
		case c.want != nil && err != nil:
			t.Errorf("%s: dropped (%v), want %+v", c.name, err, *c.want)
		case c.want != nil && got != *c.want:
			t.Errorf("%s: got %+v, want %+v", c.name, got, *c.want)
		}
	}
}

func TestParsePayloadQuery(t *testing.T) {
	for _, p := range []string{"?", "?:v=0.4", "?;x"} {
		if _, err := ParsePayload([]byte(p)); !errors.Is(err, ErrQuery) {
			t.Errorf("%q: want ErrQuery, got %v", p, err)
		}
	}
}

func TestEncodeRoundTrip(t *testing.T) {
	reports := []Report{
		{State: StateIdle},
		{State: StateDone, Message: "All tests green"},
		{State: StateBlocked, Kind: KindQuestion, App: "my-tool", ID: "w/1", Message: "Which one?", Title: "t", Progress: 7, HasProgress: true},
		{State: StateClear, App: "x"},
		{State: StateWorking, Message: strings.Repeat("é", 1024), Title: strings.Repeat("t", 192), ID: strings.Repeat("a", 32) + "/" + strings.Repeat("b", 32)},
	}
	for _, r := range reports {
		seq, err := Encode(r)
		if err != nil {
			t.Fatalf("encode %+v: %v", r, err)
		}
		if len(seq) > MaxReportBytes {
			t.Fatalf("sequence %d bytes", len(seq))
		}
		var got []Event
		_, _ = NewOSCParser(func(e Event) { got = append(got, e) }).Write(seq)
		if len(got) != 1 || got[0].Type != EventReport || got[0].Report != r {
			t.Errorf("round trip of %+v: %+v", r, got)
		}
	}
	if _, err := Encode(Report{State: StateDone, Kind: KindAuth}); err == nil {
		t.Error("Encode must apply the same rules as the parser")
	}
}

// TestEncodeMatchesContractShellFunction pins the bytes of the contract's
// status() shell function for a state and a message.
func TestEncodeMatchesContractShellFunction(t *testing.T) {
	seq, err := Encode(Report{State: StateWorking, Message: "Refactoring the parser"})
	if err != nil {
		t.Fatal(err)
	}
	want := "\x1b]7501;state=working:msg=" + b64("Refactoring the parser") + "\x1b\\"
	if string(seq) != want {
		t.Fatalf("got %q, want %q", seq, want)
	}
}
