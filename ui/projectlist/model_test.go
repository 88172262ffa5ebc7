package projectlist

import (
	"strings"
	"testing"

	"github.com/charmbracelet/x/ansi"

	"amux.dev/amux/ui/theme"
)

func sample() []Project {
	return []Project{
		{Name: "api", Path: "/r/api", Workspaces: []Workspace{
			{ID: "a1", Name: "auth-fix", Branch: "auth-fix", Badge: BadgeBlocked, Detail: "blocked: permission"},
			{ID: "a2", Name: "perf", Branch: "perf", Dirty: true},
		}},
		{Name: "web", Path: "/r/web", Workspaces: []Workspace{{ID: "w1", Name: "redesign", Branch: "redesign"}}},
	}
}

func TestCursorSurvivesRefreshAndFilter(t *testing.T) {
	m := New()
	m.SetProjects(sample())
	m.Move(2) // api, auth-fix, perf
	if w, ok := m.SelectedWorkspace(); !ok || w.ID != "a2" {
		t.Fatalf("selected %+v", w)
	}
	data := sample()
	data[0].Workspaces = append([]Workspace{{ID: "a0", Name: "new"}}, data[0].Workspaces...)
	m.SetProjects(data)
	if w, _ := m.SelectedWorkspace(); w.ID != "a2" {
		t.Fatalf("cursor jumped to %+v", w)
	}
	m.SetFilter("redes")
	if w, ok := m.SelectedWorkspace(); ok && w.ID == "a2" {
		t.Fatal("filtered-out row still selected")
	}
	m.Bottom()
	if w, _ := m.SelectedWorkspace(); w.ID != "w1" {
		t.Fatalf("filter result %+v", w)
	}
	m.SetFilter("")
	if w, _ := m.SelectedWorkspace(); w.ID != "w1" {
		t.Fatal("clearing the filter moved the cursor")
	}
}

func TestCollapseAndView(t *testing.T) {
	m := New()
	m.SetProjects(sample())
	m.Toggle()
	m.Move(1)
	if p, _ := m.SelectedProject(); p.Name != "web" {
		t.Fatalf("collapse did not hide api's workspaces: %+v", p)
	}
	m.Top()
	m.Toggle()
	v := ansi.Strip(m.View(theme.Dark(), 40, 10, true, "⠋"))
	for _, want := range []string{"api", "auth-fix", "perf *", "◆", "web", "redesign"} {
		if !strings.Contains(v, want) {
			t.Errorf("view lacks %q:\n%s", want, v)
		}
	}
}
