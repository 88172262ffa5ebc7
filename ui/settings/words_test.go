package settings

import (
	"slices"
	"testing"

	"amux.dev/amux/config"
)

func TestWordsRoundTrip(t *testing.T) {
	for _, argv := range [][]string{
		{"curl", "-d", "@-", "http://127.0.0.1:8080/x"},
		{"/opt/my tools/post", "it's", `a "b" \c`, ""},
		nil,
	} {
		got, err := SplitWords(JoinWords(argv))
		if err != nil || !slices.Equal(got, argv) {
			t.Errorf("%q → %q → %q (%v)", argv, JoinWords(argv), got, err)
		}
	}
	if _, err := SplitWords(`post 'open`); err == nil {
		t.Error("an open quote was accepted")
	}
	if got, _ := SplitWords(`a  "b c"  d\ e`); !slices.Equal(got, []string{"a", "b c", "d e"}) {
		t.Errorf("got %q", got)
	}
}

// The notify rows read into the notify section: the command's words as an
// argv, the states as a list; an unknown state points at its row.
func TestNotifyRowsApply(t *testing.T) {
	cfg := config.Defaults()
	rows := FromConfig(cfg)
	set := func(id, v string) {
		for i := range rows {
			if rows[i].ID == id {
				rows[i].Value = v
			}
		}
	}
	set("notify.command", `post --to 'my phone'`)
	set("notify.on", "blocked, error")
	res, _, err := Apply(cfg, rows, nil)
	if err != nil {
		t.Fatal(err)
	}
	if n := res.Sections.Notify; !slices.Equal(n.Command, []string{"post", "--to", "my phone"}) || !slices.Equal(n.On, []string{"blocked", "error"}) {
		t.Fatalf("notify %+v", n)
	}
	set("notify.on", "blocked,sleeping")
	if _, id, err := Apply(cfg, rows, nil); err == nil || id != "notify.on" {
		t.Fatalf("an unknown state: %q %v", id, err)
	}
}
