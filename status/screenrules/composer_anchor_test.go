package screenrules

import "testing"

// An anchored composer is the one row so far above its anchor: the bars
// around it, and the transcript's own bar rows above, are never read as
// the composer.
func TestAnchoredComposerReadsOnlyItsRow(t *testing.T) {
	c, err := compileComposer(composerSpec{Rows: 10, Prompt: `re:^\s*┃(?:  (.*?))?\s*$`,
		Anchor: `re:^\s*┃  \S+ · `, Above: 2})
	if err != nil {
		t.Fatal(err)
	}
	box := func(text string) []string {
		return []string{"  ┃", "  ┃  an old prompt", "  ┃", "", "  ┃", "  ┃" + text, "  ┃", "  ┃  Build · model", "  ╹▀▀▀▀", "  footer"}
	}
	if got, ok := c.read(window(box(""))); !ok || !got.Empty {
		t.Fatalf("blank composer read as %+v (found %v)", got, ok)
	}
	if got, ok := c.read(window(box("  fix it"))); !ok || got.Text != "fix it" {
		t.Fatalf("typed composer read as %+v (found %v)", got, ok)
	}
	if _, ok := c.read(window([]string{"  ┃  an old prompt", "  ┃", "  Allow once"})); ok {
		t.Fatal("a composer found without its anchor")
	}
}

func TestComposerAboveNeedsAnAnchor(t *testing.T) {
	if _, err := compileComposer(composerSpec{Rows: 5, Prompt: `re:^> (.*)$`, Above: 2}); err == nil {
		t.Fatal("above without an anchor compiled")
	}
}
