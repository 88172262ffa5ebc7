package diffview

import (
	"strings"
	"testing"

	"amux.dev/amux/config"
	"amux.dev/amux/git/udiff"
	"amux.dev/amux/ui/theme"
)

// coloured opens a one-hunk diff of path in theme th, runs the highlight
// command, and returns the view.
func coloured(t *testing.T, th theme.Theme, path, added string) string {
	t.Helper()
	d := "diff --git a/" + path + " b/" + path + "\n--- a/" + path + "\n+++ b/" + path +
		"\n@@ -1,1 +1,2 @@\n context\n+" + added + "\n"
	m := New(th, registry(t, nil))
	m.SetSize(100, 10)
	cmd := m.SetDiff(path, "unstaged", udiff.Parse(d))
	if cmd == nil {
		t.Fatal("no highlight command")
	}
	m, _ = m.Update(cmd())
	return m.View()
}

// TestSyntaxColoursFollowTheTheme: a keyword, a string and a comment take
// the theme's syntax colours in every theme (the 16-colour one included),
// and a name keeps the added line's own colour.
func TestSyntaxColoursFollowTheTheme(t *testing.T) {
	for _, name := range config.ThemeNames() {
		th, err := theme.ByName(name)
		if err != nil {
			t.Fatal(err)
		}
		t.Run(th.Name, func(t *testing.T) {
			v := coloured(t, th, "main.go", `return name, "text" // why`)
			added := sgrOf(th.Done)
			for text, c := range map[string]string{
				"return": sgrOf(th.Syntax.Keyword),
				`"text"`: sgrOf(th.Syntax.String),
				"// why": sgrOf(th.Syntax.Comment),
				// The name and the punctuation around it: one run.
				" name, ": added,
			} {
				if c == "" || text != " name, " && c == added {
					t.Fatalf("%q has no colour of its own in this theme", text)
				}
				if !strings.Contains(v, c+text+reset) {
					t.Errorf("%q is not drawn in %q:\n%q", text, c, v)
				}
			}
		})
	}
}

// TestUnknownFilesKeepTheDiffColours: a file of no known language gets no
// syntax colours, only its added line's colour.
func TestUnknownFilesKeepTheDiffColours(t *testing.T) {
	th := theme.Dark()
	v := coloured(t, th, "notes.txt", `return "text" // why`)
	if !strings.Contains(v, sgrOf(th.Done)+`return "text" // why`+reset) {
		t.Fatalf("the added line is not one run in the added colour:\n%q", v)
	}
}
