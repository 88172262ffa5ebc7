package app

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"amux.dev/amux/config"

	"amux.dev/amux/app/dialogs"
	"amux.dev/amux/ui/keys"
)

// goldenSizes are the screens every golden is drawn at: the smallest amux
// supports, a common one, and a large one.
var goldenSizes = [][2]int{{80, 24}, {120, 40}, {200, 50}}

// goldenScreen compares screen with testdata/golden/<name>/<w>x<h>.golden
// (written anew with -update) and checks it fills the terminal exactly.
func goldenScreen(t *testing.T, name string, w, h int, screen string) {
	t.Helper()
	path := filepath.Join("testdata", "golden", name, fmt.Sprintf("%dx%d.golden", w, h))
	if *update {
		if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(path, []byte(screen), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("%v (run with -update to write it)", err)
	}
	if screen != string(want) {
		t.Fatalf("screen differs from %s (run with -update if intended):\n%s", path, screen)
	}
	if n := strings.Count(screen, "\n"); n != h {
		t.Fatalf("%d rows on a %d-row terminal:\n%s", n, h, screen)
	}
	for i, row := range strings.Split(strings.TrimSuffix(screen, "\n"), "\n") {
		if n := len([]rune(row)); n > w {
			t.Fatalf("row %d is %d columns on a %d-column terminal: %q", i, n, w, row)
		}
	}
}

// screenCase is one screen a person reaches by keys, and a text that must
// be on it (so a golden that shows the wrong screen cannot be written).
type screenCase struct {
	name  string
	shows string
	keys  func(d *driver)
}

// palette runs the palette's best match for query, as a person runs an
// action that has no key.
func (d *driver) palette(query string) {
	d.Press(actPalette).Type(query).Press(keys.ListChoose)
}

// sampleScreens are reached from the sample workbench, the list on
// auth-fix: the list and tab area themselves, and every overlay that needs
// no repository on disk.
func sampleScreens() []screenCase {
	onAuthFix := func(d *driver) { d.Press(actDown) }
	return []screenCase{
		{"list", "auth-fix", onAuthFix},
		{"list_filter", "auth", func(d *driver) { d.Press(actFilter).Type("auth") }},
		{"tabs", "3 claude", func(d *driver) { d.hold = true; withTabs(d.m, 3); d.Press(actFocusTabArea).Press("tab-2") }},
		{"tabs_zoomed", "2 claude", func(d *driver) { d.hold = true; withTabs(d.m, 2); d.Press(actFocusTabArea).Press(actZoom) }},
		{"palette", "Commands", func(d *driver) { onAuthFix(d); d.Press(actPalette) }},
		{"palette_filtered", "Shelve", func(d *driver) { onAuthFix(d); d.Press(actPalette).Type("shelve") }},
		{"help", "Keys", func(d *driver) { onAuthFix(d); d.Press(actHelp) }},
		{"status", "Workspace auth-fix", func(d *driver) { onAuthFix(d); d.Press(actStatus) }},
		{"output", "Script output", func(d *driver) { onAuthFix(d); d.Press(actScriptOutput) }},
		{"health", "Health", func(d *driver) { onAuthFix(d); d.Press(actHealth) }},
		{"timeline", "Timeline", func(d *driver) { onAuthFix(d); d.Press(actTimeline) }},
		{"install", "amux", func(d *driver) { onAuthFix(d); d.palette("install a new amux") }},
		{"add_project", "Add project", func(d *driver) { onAuthFix(d); d.Press(actAddProject) }},
		{"project_env", "api", func(d *driver) { onAuthFix(d); d.palette("environment") }},
		{"project_scripts", "api", func(d *driver) { onAuthFix(d); d.palette("project's scripts") }},
		{"remove_project", "Remove project api", func(d *driver) { d.Press(actRemoveProject) }},
		{"create", "New workspace in api", func(d *driver) { onAuthFix(d); d.Press(actNewWorkspace) }},
		{"rename_workspace", "Rename auth-fix", func(d *driver) { onAuthFix(d); d.Press(actRenameWorkspace) }},
		{"agent_picker", "New agent tab", func(d *driver) { onAuthFix(d); d.Press(actNewAgent) }},
		{"rename_tab", "claude", func(d *driver) { d.hold = true; withTabs(d.m, 2); d.Press(actFocusTabArea).Press(actRenameTab) }},
		{"close_tab", "claude", func(d *driver) { d.hold = true; withTabs(d.m, 2); d.Press(actFocusTabArea).Press(actCloseTab) }},
		{"delete", "Delete workspace auth-fix", func(d *driver) { onAuthFix(d); d.Press(actDelete) }},
		{"delete_typed", "auth-fix", func(d *driver) { onAuthFix(d); d.Press(actDelete).Type("auth") }},
		{"shelve", "Shelve workspace auth-fix", func(d *driver) { onAuthFix(d); d.Press(actShelve) }},
		{"settings", "Settings", func(d *driver) { d.Press(actSettings) }},
		{"hosts", "this machine", func(d *driver) {
			d.m.deps.Config.Hosts = []config.Host{{Name: "build", Dest: "me@build.lan"}, {Name: "gpu", Dest: "gpu"}}
			d.Press(actHosts)
		}},
		{"hosts_add", "Add a host", func(d *driver) { d.Press(actHosts).Press(dialogs.ActHostAdd) }},
		{"settings_scrolled", "Settings", func(d *driver) {
			d.Press(actSettings)
			for range 12 {
				d.Press(keys.FormNext)
			}
		}},
	}
}

// Every screen of the sample workbench, at every golden size.
func TestGoldenScreens(t *testing.T) {
	for _, c := range sampleScreens() {
		for _, size := range goldenSizes {
			w, h := size[0], size[1]
			t.Run(fmt.Sprintf("%s/%dx%d", c.name, w, h), func(t *testing.T) {
				d := newDriver(t, w, h)
				c.keys(d)
				d.Sees(c.shows)
				goldenScreen(t, c.name, w, h, d.Screen())
			})
		}
	}
}
