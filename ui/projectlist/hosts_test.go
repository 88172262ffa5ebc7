package projectlist

import (
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/charmbracelet/x/ansi"

	"amux.dev/amux/ui/theme"
)

func sampleHosts() []Host {
	since := time.Date(2026, 12, 2, 14, 5, 0, 0, time.Local)
	return []Host{
		{Name: "build", State: HostConnected, Projects: []Project{{Name: "api", Path: "/r/api", Workspaces: []Workspace{
			{ID: "b1", Name: "ci-fix", Branch: "ci-fix", Badge: BadgeWorking}}}}},
		{Name: "gpu", State: HostUnreachable, Since: since, Projects: []Project{{Name: "train", Path: "/r/train", Workspaces: []Workspace{
			{ID: "g1", Name: "sweep", Branch: "sweep", Badge: BadgeDone}, {ID: "g2", Name: "eval", Branch: "eval", Busy: true}}}}},
		{Name: "lab", State: HostRefused, Reason: "its host key is not known"},
		{Name: "new", State: HostConnecting},
	}
}

// drawn is the list's view as plain text, one trimmed line per row.
func drawn(m *Model, width int) string {
	v := ansi.Strip(m.View(theme.Dark(), width, 30, true, "⠋"))
	lines := strings.Split(v, "\n")
	for i, l := range lines {
		lines[i] = strings.TrimRight(l, " ")
	}
	return strings.Join(lines, "\n")
}

// The rows as drawn, at a wide and a narrow width: this machine first,
// then each host with its status; a down host's workspaces say so instead
// of their last state (never done, never working).
func TestHostRowsAsDrawn(t *testing.T) {
	m := New()
	m.SetProjects(sample())
	m.SetHosts(sampleHosts())
	for _, c := range []struct {
		width int
		want  string
	}{
		{44, `▾ this machine
  ▾ api 2
    ◆ auth-fix blocked: permission
    ○ perf *
  ▾ web 1
    ○ redesign
▾ build  connected
  ▾ api 1
    ⠋ ci-fix
▾ gpu  unreachable since 14:05
  ▾ train 2
    ? sweep unreachable since 14:05
    ? eval unreachable since 14:05
▾ lab  refused: its host key is not known
▾ new  connecting…`},
		{26, `▾ this machine
  ▾ api 2
    ◆ auth-fix blocked: …
    ○ perf *
  ▾ web 1
    ○ redesign
▾ build  connected
  ▾ api 1
    ⠋ ci-fix
▾ gpu  unreachable 14:05
  ▾ train 2
    ? sweep unreachable …
    ? eval unreachable 1…
▾ lab  refused: its host …
▾ new  connecting…`},
	} {
		if got := drawn(&m, c.width); got != c.want {
			t.Errorf("width %d:\n%s\nwant:\n%s", c.width, got, c.want)
		}
		for _, l := range strings.Split(drawn(&m, c.width), "\n") {
			if w := ansi.StringWidth(l); w > c.width {
				t.Errorf("width %d: %q is %d cells", c.width, l, w)
			}
		}
	}
}

// Without hosts the list is this machine's projects alone, as it was
// before hosts: no host row, the same keys.
func TestNoHostsIsTheSingleMachineList(t *testing.T) {
	m := New()
	m.SetProjects(sample())
	before := drawn(&m, 40)
	m.SetHosts(sampleHosts())
	m.SetHosts(nil)
	if got := drawn(&m, 40); got != before || strings.Contains(got, ThisMachine) {
		t.Fatalf("after hosts came and went:\n%s\nbefore:\n%s", got, before)
	}
	if !strings.HasPrefix(before, "▾ api 2\n  ◆ auth-fix") {
		t.Fatalf("the single-machine list changed:\n%s", before)
	}
	m.Toggle()
	if got := m.Collapsed(); !slices.Equal(got, []string{"/r/api"}) {
		t.Fatalf("collapsed %v", got)
	}
}

func TestCursorAcrossHosts(t *testing.T) {
	m := New()
	m.SetProjects(sample())
	m.SetHosts(sampleHosts())
	if p, _ := m.SelectedProject(); p.Path != "/r/api" {
		t.Fatalf("hosts arriving moved the cursor off api: %+v", p)
	}
	m.Top()
	if r, _ := m.Selected(); r.Kind != HostRow || m.SelectedHost() != "" {
		t.Fatalf("first row %+v on %q", r, m.SelectedHost())
	}
	if _, ok := m.SelectedProject(); ok {
		t.Fatal("a host row has a project")
	}
	m.SelectWorkspace("g2")
	if w, _ := m.SelectedWorkspace(); w.ID != "g2" || m.SelectedHost() != "gpu" {
		t.Fatalf("selected %+v on %q", w, m.SelectedHost())
	}
	// A refresh of the hosts keeps the cursor where it was.
	hs := sampleHosts()
	hs[1].State = HostConnected
	m.SetHosts(append([]Host{{Name: "first"}}, hs...))
	if w, _ := m.SelectedWorkspace(); w.ID != "g2" {
		t.Fatalf("cursor moved to %+v", w)
	}
	// Folding a host hides its projects; the fold has its own key, and a
	// host's project folds apart from this machine's of the same path.
	m.SelectHost("build")
	m.Toggle()
	m.Move(1)
	if m.SelectedHost() != "gpu" {
		t.Fatalf("after folding build the next row is on %q", m.SelectedHost())
	}
	m.Move(1)
	m.Toggle()
	if got := m.Collapsed(); !slices.Equal(got, []string{"@build", "@gpu:/r/train"}) {
		t.Fatalf("collapsed %v", got)
	}
	m.SetFilter("sweep")
	if got := drawn(&m, 40); got != "▾ gpu  connected\n  ▾ train 2\n    ✓ sweep" {
		t.Fatalf("filtered:\n%s", got)
	}
}

// A host's name, reason and rows are outside text: drawn inert.
func TestHostTextIsInert(t *testing.T) {
	m := New()
	m.SetHosts([]Host{{Name: "evil\x1b]8;;http://x\x07", State: HostRefused, Reason: "no\x1b[2J\u202eexe.txt",
		Projects: []Project{{Name: "p\r\n", Path: "/p", Workspaces: []Workspace{{ID: "x", Name: "w\x1b[31m", Branch: "b\u200b"}}}}}})
	v := m.View(theme.Dark(), 60, 10, true, "⠋")
	for _, bad := range []string{"\x1b]8", "\x1b[2J", "\u202e", "\x1b[31mw", "\u200b", "\r"} {
		if strings.Contains(v, bad) {
			t.Errorf("view holds %q", bad)
		}
	}
	if h := m.Hosts()[0]; h.Reason != "noexe.txt" {
		t.Errorf("reason %q", h.Reason)
	}
}
