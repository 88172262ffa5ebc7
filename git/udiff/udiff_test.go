package udiff

import (
	"strings"
	"testing"
)

const sample = `diff --git a/a.go b/a.go
index 1111111..2222222 100644
--- a/a.go
+++ b/a.go
@@ -1,4 +1,5 @@ package a
 one
-two
+TWO
+two and a half
 three
 four
@@ -10,2 +11,2 @@ func f() {
 ten
-eleven
+ELEVEN
\ No newline at end of file
diff --git a/new.txt b/new.txt
new file mode 100644
index 0000000..3333333
--- /dev/null
+++ b/new.txt
@@ -0,0 +1 @@
+fresh
diff --git "a/sp ace\tx" "b/sp ace\tx"
deleted file mode 100644
--- "a/sp ace\tx"
+++ /dev/null
@@ -1 +0,0 @@
-gone
diff --git a/img.png b/img.png
index 1..2 100644
Binary files a/img.png and b/img.png differ
diff --git a/old name b/new name
similarity index 100%
rename from old name
rename to new name
`

func TestParseFilesHunksAndLineNumbers(t *testing.T) {
	files := Parse(sample)
	if len(files) != 5 {
		t.Fatalf("got %d files, want 5: %+v", len(files), files)
	}
	a := files[0]
	if a.Path() != "a.go" || a.Status != Modified || len(a.Hunks) != 2 {
		t.Fatalf("a.go parsed as %+v", a)
	}
	h := a.Hunks[0]
	if h.Section != "package a" || h.OldStart != 1 || h.NewLines != 5 {
		t.Fatalf("hunk header %+v", h)
	}
	want := []Line{
		{Context, "one", 1, 1}, {Deleted, "two", 2, 0}, {Added, "TWO", 0, 2},
		{Added, "two and a half", 0, 3}, {Context, "three", 3, 4}, {Context, "four", 4, 5},
	}
	for i, l := range want {
		if h.Lines[i] != l {
			t.Fatalf("line %d = %+v, want %+v", i, h.Lines[i], l)
		}
	}
	last := a.Hunks[1].Lines
	if last[len(last)-1].Kind != NoNewline || last[2] != (Line{Added, "ELEVEN", 0, 12}) {
		t.Fatalf("second hunk %+v", last)
	}
	if add, del := a.Counts(); add != 3 || del != 2 {
		t.Fatalf("counts %d/%d", add, del)
	}
	if f := files[1]; f.Status != New || f.Path() != "new.txt" || f.OldPath != "" || f.Hunks[0].Lines[0].New != 1 {
		t.Fatalf("new file %+v", f)
	}
	if f := files[2]; f.Status != Removed || f.Path() != "sp ace\tx" {
		t.Fatalf("quoted removed file %+v", f)
	}
	if f := files[3]; !f.Binary || f.Path() != "img.png" {
		t.Fatalf("binary %+v", f)
	}
	if f := files[4]; f.Status != Renamed || f.OldPath != "old name" || f.NewPath != "new name" {
		t.Fatalf("rename %+v", f)
	}
}

func TestParseTruncatedKeepsWholeHunks(t *testing.T) {
	cut := sample[:strings.Index(sample, "+TWO")]
	files := Parse(cut)
	if len(files) != 1 || len(files[0].Hunks) != 1 || len(files[0].Hunks[0].Lines) != 2 {
		t.Fatalf("truncated parse %+v", files)
	}
}

func TestHunkPatchHoldsOneHunkWithTheHeader(t *testing.T) {
	f := Parse(sample)[0]
	p, ok := HunkPatch(f, 1)
	if !ok {
		t.Fatal("no patch")
	}
	want := "diff --git a/a.go b/a.go\nindex 1111111..2222222 100644\n--- a/a.go\n+++ b/a.go\n" +
		"@@ -10,2 +11,2 @@ func f() {\n ten\n-eleven\n+ELEVEN\n\\ No newline at end of file\n"
	if p != want {
		t.Fatalf("patch:\n%s\nwant:\n%s", p, want)
	}
	if _, ok := HunkPatch(Parse(sample)[3], 0); ok {
		t.Fatal("binary file gave a patch")
	}
}

func TestUnquoteOctal(t *testing.T) {
	if got := unquote(`"caf\303\251"`); got != "café" {
		t.Fatalf("got %q", got)
	}
}
