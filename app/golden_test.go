package app

import (
	"os"
	"strings"
	"testing"
	"time"

	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/x/ansi"

	"amux.dev/amux/app/scene"
	"amux.dev/amux/config"
	"amux.dev/amux/tmux"
	"amux.dev/amux/workspace"
)

// withEngine is d with the local engine as every service.
func withEngine(d Deps, e *workspace.Engine) Deps {
	d.useEngine(e)
	return d
}

// testEngine is a real workspace engine over an empty state home: the
// rendering tests hand the model their data as a load's result, so the
// engine only has to exist.
func testEngine(t testing.TB) *workspace.Engine {
	t.Helper()
	e, err := workspace.New(workspace.Options{Home: t.TempDir()})
	if err != nil {
		t.Fatal(err)
	}
	return e
}

func sampleSnapshot() snapshot {
	created := time.Date(2026, 11, 2, 9, 30, 0, 0, time.UTC)
	rec := func(id, name, repo string) workspace.Record {
		return workspace.Record{ID: id, Name: name, Branch: name, Base: "main", Repo: repo,
			Root: "/home/dev/.amux/worktrees/" + name, Created: created, CreatedBranch: true}
	}
	shelved := rec("3333333333333333", "old-spike", "/home/dev/code/api")
	shelved.Shelved = true
	return scene.NewSnapshot(
		[]workspace.Project{{Name: "api", Path: "/home/dev/code/api"}, {Name: "web", Path: "/home/dev/code/web"}},
		[]workspace.Record{
			rec("1111111111111111", "auth-fix", "/home/dev/code/api"),
			rec("2222222222222222", "perf-pass", "/home/dev/code/api"),
			shelved,
			rec("4444444444444444", "redesign", "/home/dev/code/web"),
		},
		[]tmux.SessionInfo{{Name: "amux-1111111111111111-tab-a-1", Managed: true, Workspace: "1111111111111111", Type: "agent"}},
	)
}

func newTestModel(t testing.TB, w, h int) *Model {
	snap := sampleSnapshot()
	// The screen shows times in Zone: pinned so it renders the same everywhere.
	m := New(withEngine(Deps{Config: config.Defaults(), Now: time.Now, Zone: time.UTC}, testEngine(t)))
	m.Update(tea.WindowSizeMsg{Width: w, Height: h})
	m.Update(loadedMsg{gen: m.list.loadGen, snap: snap})
	m.Update(dirtyMsg{map[string]bool{"2222222222222222": true}})
	return m
}

func screenText(m *Model) string {
	lines := strings.Split(ansi.Strip(m.render()), "\n")
	for i, l := range lines {
		lines[i] = strings.TrimRight(l, " ")
	}
	return strings.Join(lines, "\n") + "\n"
}

func TestGoldenProjectList120x40(t *testing.T) {
	m := newTestModel(t, 120, 40)
	m.list.rows.Move(1) // onto auth-fix
	got := screenText(m)
	const path = "testdata/dashboard_120x40.golden"
	if *update {
		if err := os.WriteFile(path, []byte(got), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	if got != string(want) {
		t.Fatalf("dashboard differs from %s (run with -update if intended):\n%s", path, got)
	}
	if n := strings.Count(got, "\n"); n != 40 {
		t.Fatalf("screen has %d rows, want 40", n)
	}
}

func TestTooSmallScreen(t *testing.T) {
	for _, size := range [][2]int{{79, 40}, {120, 23}} {
		m := newTestModel(t, size[0], size[1])
		if got := screenText(m); !strings.Contains(got, "Terminal too small") {
			t.Fatalf("%v: %s", size, got)
		}
	}
	if got := screenText(newTestModel(t, 80, 24)); strings.Contains(got, "too small") || !strings.Contains(got, "auth-fix") {
		t.Fatalf("80x24 must render the layout:\n%s", got)
	}
}

// At 80×24 the welcome and a workspace's facts are wider than the tab
// area: they wrap, every word in sight, instead of being cut at its edge.
func TestCenterTextWrapsAt80Columns(t *testing.T) {
	m := New(withEngine(Deps{Config: config.Defaults(), Now: time.Now, Zone: time.UTC}, testEngine(t)))
	m.Update(tea.WindowSizeMsg{Width: 80, Height: 24})
	m.Update(loadedMsg{gen: m.list.loadGen, snap: scene.NewSnapshot(nil, nil, nil)})
	flat := strings.Join(strings.Fields(strings.NewReplacer("│", " ", "┃", " ").Replace(screenText(m))), " ")
	for _, want := range []string{"one git worktree each.", "then n to create a workspace."} {
		if !strings.Contains(flat, want) {
			t.Errorf("%q cut off:\n%s", want, screenText(m))
		}
	}
}
