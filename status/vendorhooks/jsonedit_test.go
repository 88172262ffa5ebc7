package vendorhooks

import (
	"encoding/json"
	"strings"
	"testing"
)

// TestSpliceLayouts installs into and removes from documents laid out in
// ways Claude Code never writes but users do: amux's block follows the
// layout around it, and removal gives back the exact bytes.
func TestSpliceLayouts(t *testing.T) {
	cases := []struct {
		name, doc string
		want      []string // substrings of the installed document
	}{
		{"inline with spaces", `{ "model": "opus" }`, []string{`{ "model": "opus", "hooks":{"UserPromptSubmit":[{`}},
		{"crlf", "{\r\n  \"model\": \"opus\"\r\n}\r\n", []string{"\"opus\",\r\n  \"hooks\": {\r\n    \"UserPromptSubmit\": [\r\n"}},
		{"four spaces", "{\n    \"model\": \"opus\"\n}\n", []string{"\n    \"hooks\": {\n        \"UserPromptSubmit\": [\n            {\n"}},
		{"indented hooks list", "{\n  \"hooks\": {\n    \"Stop\": [\n      {\"hooks\": [{\"type\": \"command\", \"command\": \"x\"}]}\n    ]\n  }\n}\n",
			[]string{"\"command\": \"x\"}]},\n      {\n        \"hooks\": [\n"}},
		{"empty list", "{\n  \"hooks\": {\n    \"Stop\": []\n  }\n}\n", []string{"\"Stop\": [\n      {\n        \"hooks\": ["}},
		{"strings that look like structure", `{"a": "}]{[\"", "b": "\\"}`, []string{`"b": "\\", "hooks":`}},
	}
	specs, err := claudeSpecs("")
	if err != nil {
		t.Fatal(err)
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			d, err := parseDoc([]byte(tc.doc))
			if err != nil {
				t.Fatal(err)
			}
			got, err := install(d, specs)
			if err != nil {
				t.Fatal(err)
			}
			if !json.Valid(got) {
				t.Fatalf("not JSON:\n%s", got)
			}
			for _, w := range tc.want {
				if !strings.Contains(string(got), w) {
					t.Errorf("installed document lacks %q:\n%s", w, got)
				}
			}
			if tc.name == "crlf" && strings.Count(string(got), "\n") != strings.Count(string(got), "\r\n") {
				t.Error("mixed line endings")
			}
			d, err = parseDoc(got)
			if err != nil {
				t.Fatal(err)
			}
			back, changed, err := strip(d)
			if err != nil || !changed {
				t.Fatalf("strip: %v %v", changed, err)
			}
			if tc.name == "empty list" {
				// amux cannot tell a list it emptied from one it created.
				return
			}
			if string(back.data) != tc.doc {
				t.Fatalf("strip gave\n%q\nwant\n%q", back.data, tc.doc)
			}
		})
	}
}

func TestScanContainer(t *testing.T) {
	doc := []byte(`{"a" : [1, {"b": "x\"y"}], "c": null ,"a": true}`)
	c, err := readContainer(doc, 0)
	if err != nil {
		t.Fatal(err)
	}
	var keys, vals []string
	for _, e := range c.elems {
		keys = append(keys, e.key)
		vals = append(vals, string(doc[e.val.start:e.val.end]))
	}
	if strings.Join(keys, ",") != "a,c,a" || strings.Join(vals, "|") != `[1, {"b": "x\"y"}]|null|true` {
		t.Fatalf("keys %q values %q", keys, vals)
	}
	if c.last("a") != 2 || c.last("zz") != -1 {
		t.Fatal("last picks the wrong duplicate")
	}
	if doc[c.close] != '}' || c.close != len(doc)-1 {
		t.Fatalf("close at %d", c.close)
	}
}
