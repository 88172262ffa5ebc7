package syntax

import "testing"

// sample is a piece of one language and what its tokens must be.
type sample struct {
	path  string
	src   string
	wants []want
}

// w builds a want list from text, class pairs.
func w(pairs ...any) []want {
	var out []want
	for i := 0; i+1 < len(pairs); i += 2 {
		out = append(out, want{pairs[i].(string), pairs[i+1].(Class)})
	}
	return out
}

func samples() []sample {
	return []sample{
		{"main.go", "package main\n\nimport \"fmt\"\n\n// Point is a place.\ntype Point struct{ X int }\n\n" +
			"func (p *Point) Move(dx int) error {\n\ts := `raw\nlines`\n\tif p == nil {\n\t\treturn fmt.Errorf(\"nil %d\", 0x1F)\n\t}\n" +
			"\tr := '\\n' /* block\n comment */\n\treturn nil\n}\n",
			w("package", Keyword, "main", Plain, `"fmt"`, String, "// Point is a place.", Comment, "type", Keyword,
				"Point", Type, "struct", Keyword, "int", Type, "func", Keyword, "Point", Plain, "Move", Function,
				"error", Type, "`raw\nlines`", String, "if", Keyword, "nil", Builtin, "return", Keyword,
				"Errorf", Function, `"nil %d"`, String, "0x1F", Number, `'\n'`, String, "/* block\n comment */", Comment)},
		{"app.py", "@dataclass\nclass Shape(Base):\n    \"\"\"Doc\n    string.\"\"\"\n    def area(self, n=2.5e3):\n" +
			"        # a comment\n        return f\"{n}\" if n is not None else r'\\d'\n\nprint(len([1, 2]), MAX_SIZE)\n",
			w("@dataclass", Meta, "class", Keyword, "Shape", Type, "Base", Type, "\"\"\"Doc\n    string.\"\"\"", String,
				"def", Keyword, "area", Function, "self", Builtin, "2.5e3", Number, "# a comment", Comment,
				"return", Keyword, `f"{n}"`, String, "is", Keyword, "not", Keyword, "None", Builtin, `r'\d'`, String,
				"print", Builtin, "len", Builtin, "1", Number, "MAX_SIZE", Builtin)},
		{"app.js", "import { x } from './x.js';\n// line\nexport default async function load(url) {\n" +
			"  const re = /a[/]b\\/c/gi, half = total / 2;\n  const t = `hi ${url}`;\n  return new Map([[1, null]]);\n}\n" +
			"const el = <div className=\"box\">{items}</div>;\n",
			w("import", Keyword, "from", Keyword, "'./x.js'", String, "// line", Comment, "export", Keyword,
				"async", Keyword, "function", Keyword, "load", Function, "const", Keyword, `/a[/]b\/c/gi`, String,
				"total", Plain, "/", Plain, "2", Number, "`hi ${url}`", String, "new", Keyword, "Map", Type,
				"null", Builtin, "div", Plain, "className", Plain, `"box"`, String)},
		{"view.tsx", "interface Props { name: string; count?: number }\nexport const View = ({ name }: Props): JSX.Element => {\n" +
			"  let n: unknown = 10n as bigint;\n  return <span>{name}</span>;\n};\nenum Color { Red }\n",
			w("interface", Keyword, "Props", Type, "string", Type, "number", Type, "export", Keyword, "View", Type,
				"Props", Type, "let", Keyword, "unknown", Type, "10n", Number, "as", Keyword, "bigint", Type,
				"return", Keyword, "enum", Keyword, "Color", Type)},
		{"lib.rs", "#[derive(Debug)]\npub struct Cell<'a> { v: &'a str }\n\nimpl<'a> Cell<'a> {\n" +
			"    /// Doc comment.\n    pub fn new(v: &'a str) -> Self {\n        let raw = r#\"a \"quoted\" b\"#;\n" +
			"        let c = 'x';\n        println!(\"{} {}\", raw, 1_000u32);\n        Some(Cell { v }).unwrap()\n    }\n}\n",
			w("#[derive(Debug)]", Meta, "pub", Keyword, "struct", Keyword, "Cell", Type, "'a", Meta, "str", Type,
				"impl", Keyword, "/// Doc comment.", Comment, "fn", Keyword, "new", Function, "Self", Builtin,
				"let", Keyword, `r#"a "quoted" b"#`, String, "'x'", String, "println!", Function, `"{} {}"`, String,
				"1_000u32", Number, "Some", Builtin, "unwrap", Function)},
		{"x.c", "#include <stdio.h>\n#define MAX 10\n\nstatic int count(const char *s) {\n    /* count */\n" +
			"    unsigned long n = 0UL;\n    while (*s++ != '\\0') n++;\n    return printf(\"%lu\\n\", n), MAX;\n}\n",
			w("#include", Meta, "<stdio.h>", Meta, "#define", Meta, "MAX", Builtin, "10", Number, "static", Keyword,
				"int", Type, "count", Function, "const", Keyword, "char", Type, "/* count */", Comment,
				"unsigned", Type, "long", Type, "0UL", Number, "while", Keyword, `'\0'`, String, "return", Keyword,
				"printf", Function, `"%lu\n"`, String, "MAX", Builtin)},
		{"x.cpp", "namespace app {\ntemplate <typename T>\nclass Box final : public Base {\npublic:\n" +
			"  auto get() const noexcept -> T { return value_; }\n  std::string s = R\"(raw \" text)\";\n};\n}\n",
			w("namespace", Keyword, "app", Type, "template", Keyword, "typename", Keyword, "class", Keyword, "Box", Type,
				"final", Keyword, "public", Keyword, "auto", Keyword, "get", Function, "noexcept", Keyword,
				"return", Keyword, "std", Builtin, `R"(raw " text)"`, String)},
		{"Main.java", "package app;\n\n@Override\npublic final class Main extends Base {\n  private static final int MAX = 3;\n" +
			"  public static void main(String[] args) {\n    var s = \"\"\"\n      text block\n      \"\"\";\n" +
			"    System.out.println(s + 'c' + 1.5f); // done\n  }\n}\n",
			w("package", Keyword, "@Override", Meta, "public", Keyword, "class", Keyword, "Main", Type, "extends", Keyword,
				"Base", Type, "int", Type, "MAX", Builtin, "3", Number, "void", Type, "main", Function, "String", Type,
				"var", Keyword, "\"\"\"\n      text block\n      \"\"\"", String, "System", Type, "println", Function,
				"'c'", String, "1.5f", Number, "// done", Comment)},
		{"run.sh", "#!/bin/sh\n# comment\nset -eu\nNAME=\"world $USER\"\nif [ -n \"${1:-}\" ]; then\n" +
			"  echo \"hi $(whoami) ${NAME}\" 'lit $x' >&2\nfi\ncat <<'EOF'\nhere $doc\nEOF\nfor f in *.go; do wc -l \"$f\"; done\n" +
			"greet() { local a=$1; return 0; }\nx=$((1 + 2)) # math\n",
			w("#!/bin/sh", Comment, "# comment", Comment, "set", Builtin, "NAME", Variable, `"world `, String,
				"$USER", Variable, "if", Keyword, "${1:-}", Variable, "then", Keyword, "echo", Builtin, `"hi `, String,
				"whoami", Plain, "${NAME}", Variable, "'lit $x'", String, "fi", Keyword, "'EOF'", String,
				"here $doc\n", String, "EOF", String, "for", Keyword, "in", Keyword, "do", Keyword, "$f", Variable,
				"done", Keyword, "greet", Function, "local", Builtin, "$1", Variable, "return", Builtin, "0", Number,
				"x", Variable, "1", Number, "# math", Comment)},
		{"package.json", "{\n  \"name\": \"amux\",\n  \"version\": 2,\n  \"private\": true,\n  \"list\": [1.5e3, null, \"a\\\"b\"]\n}\n",
			w(`"name"`, Attribute, `"amux"`, String, `"version"`, Attribute, "2", Number, `"private"`, Attribute,
				"true", Builtin, `"list"`, Attribute, "1.5e3", Number, "null", Builtin, `"a\"b"`, String)},
		{"ci.yml", "# CI\nname: build\non:\n  push:\n    branches: [main, 'release/*']\njobs:\n  test:\n" +
			"    runs-on: ubuntu-latest\n    timeout: 30\n    enabled: true\n    env: &env\n      KEY: \"value # not comment\"\n" +
			"    steps:\n      - uses: actions/checkout@v4\n      - run: |\n          echo key: value\n          make test\n" +
			"      - name: x # trailing\n",
			w("# CI", Comment, "name", Attribute, "build", Plain, "on", Attribute, "push", Attribute,
				"branches", Attribute, "main", Plain, "'release/*'", String, "jobs", Attribute, "runs-on", Attribute,
				"ubuntu-latest", Plain, "timeout", Attribute, "30", Number, "enabled", Attribute, "true", Builtin,
				"&env", Variable, "KEY", Attribute, `"value # not comment"`, String, "uses", Attribute,
				"actions/checkout@v4", Plain, "run", Attribute, "|", Plain, "          echo key: value\n          make test\n", String,
				"name", Attribute, "# trailing", Comment)},
		{"Cargo.toml", "# manifest\n[package]\nname = \"amux\"\nversion = '0.1.0'\nedition.workspace = true\n" +
			"[[bin]]\nlist = [\n  1_000,\n  [1, 2],\n]\ndate = 1979-05-27T07:32:00Z\n\"quoted key\" = \"\"\"\nmulti\n\"\"\"\n",
			w("# manifest", Comment, "[package]", Heading, "name", Attribute, `"amux"`, String, "version", Attribute,
				"'0.1.0'", String, "edition.workspace", Attribute, "true", Builtin, "[[bin]]", Heading, "list", Attribute,
				"1_000", Number, "[", Plain, "1979-05-27T07:32:00Z", Number, `"quoted key"`, Attribute,
				"\"\"\"\nmulti\n\"\"\"", String)},
		{"README.md", "# Title\n\nSome `code` and a [link](https://x.dev) here.\n\n- item\n1. first\n> quote\n\n" +
			"```go\nfunc main() {}\n```\n\n```\nplain fence\n```\n\nSub\n---\n",
			w("# Title", Heading, "Some", Plain, "`code`", String, "link", Plain, "https://x.dev", Attribute,
				"-", Keyword, "1.", Keyword, ">", Keyword, "```go\n", String, "func", Keyword, "main", Function, "```", String,
				"```\nplain fence\n```", String, "---", Heading)},
		{"index.html", "<!DOCTYPE html>\n<!-- note -->\n<div class=\"box\" id=main hidden>a &amp; b</div>\n" +
			"<script type=\"module\">\nconst x = 1; // js\n</script>\n<style>\n.box { color: red; }\n</style>\n",
			w("<!DOCTYPE html>", Meta, "<!-- note -->", Comment, "div", Tag, "class", Attribute, `"box"`, String,
				"id", Attribute, "main", String, "hidden", Attribute, "a ", Plain, "&amp;", Builtin, "div", Tag,
				"script", Tag, "type", Attribute, `"module"`, String, "const", Keyword, "1", Number, "// js", Comment,
				"script", Tag, "style", Tag, ".box", Type, "color", Attribute, "style", Tag)},
		{"style.scss", "/* theme */\n@import 'base';\n$accent: #88c0d0;\n.card > a:hover, #main::before {\n" +
			"  color: $accent !important;\n  margin: 0 auto -1.5em;\n  background: url(img/a.png) rgba(0, 0, 0, .5);\n" +
			"  --gap: 4px;\n  // line comment\n  &.active { width: calc(100% - var(--gap)); }\n}\n@media (max-width: 600px) { p { font: 12px/1.5 serif } }\n",
			w("/* theme */", Comment, "@import", Keyword, "'base'", String, "$accent", Attribute, "#88c0d0", Number,
				".card", Type, "a", Tag, ":hover", Meta, "#main", Type, "::before", Meta, "color", Attribute,
				"$accent", Variable, "!important", Keyword, "margin", Attribute, "0", Number, "auto", Plain,
				"-1.5em", Number, "background", Attribute, "url", Builtin, "img/a.png", String, "rgba", Function,
				".5", Number, "--gap", Attribute, "4px", Number, "// line comment", Comment, ".active", Type,
				"width", Attribute, "calc", Function, "100%", Number, "var", Function, "--gap", Variable,
				"@media", Keyword, "600px", Number, "p", Tag, "font", Attribute, "12px", Number)},
		{"app.rb", "# frozen_string_literal: true\nrequire 'json'\n\nmodule Shop\n  class Cart < Base\n" +
			"    attr_reader :items\n    def self.build(opts = {})\n      @items = []\n      return nil unless opts.empty?\n" +
			"      puts \"total #{@items.size}\", key: 1, $stdout\n      text = <<~SQL\n        SELECT 1\n      SQL\n" +
			"      %w[a b].each { |x| x =~ /a+/ }\n    end\n  end\nend\n",
			w("# frozen_string_literal: true", Comment, "require", Builtin, "'json'", String, "module", Keyword,
				"Shop", Type, "class", Keyword, "Cart", Type, "Base", Type, "attr_reader", Builtin, ":items", Builtin,
				"def", Keyword, "self", Builtin, "build", Function, "@items", Variable, "return", Keyword, "nil", Builtin,
				"unless", Keyword, "empty?", Plain, "puts", Builtin, `"total #{@items.size}"`, String, "key:", Builtin,
				"1", Number, "$stdout", Variable, "<<~SQL", String, "        SELECT 1\n", String, "SQL", String,
				"%w[a b]", String, "/a+/", String, "end", Keyword)},
		{"schema.sql", "-- users\nCREATE TABLE users (\n  id BIGSERIAL PRIMARY KEY,\n  name varchar(40) NOT NULL DEFAULT 'it''s',\n" +
			"  \"group\" text\n);\n/* query */\nselect count(*), max(id) from users where name ilike $1 and id > 10.5;\n",
			w("-- users", Comment, "CREATE", Keyword, "TABLE", Keyword, "users", Plain, "BIGSERIAL", Type,
				"PRIMARY", Keyword, "varchar", Type, "40", Number, "NOT", Keyword, "NULL", Builtin, "'it''s'", String,
				`"group"`, Plain, "text", Type, "/* query */", Comment, "select", Keyword, "count", Builtin,
				"max", Builtin, "from", Keyword, "where", Keyword, "$1", Variable, "10.5", Number)},
		{"Dockerfile", "# syntax=docker/dockerfile:1\nFROM golang:1.26 AS build\nARG VERSION=dev\nENV CGO_ENABLED=0\n" +
			"WORKDIR /src\nCOPY --from=build /out/amux /usr/bin/\nRUN go build -o /out/amux . && \\\n    echo \"built $VERSION\"\n" +
			"CMD [\"amux\", \"--help\"]\n",
			w("# syntax=docker/dockerfile:1", Comment, "FROM", Keyword, "AS", Keyword, "ARG", Keyword, "ENV", Keyword,
				"WORKDIR", Keyword, "COPY", Keyword, "--from=", Attribute, "RUN", Keyword, "&&", Plain,
				`"built `, String, "$VERSION", Variable, "CMD", Keyword, `"amux"`, String)},
		{"Makefile", "# build\nGO ?= go\nexport CGO_ENABLED := 0\n\n.PHONY: all test\nall: amux\n\namux: $(wildcard *.go)\n" +
			"\t$(GO) build -o $@ . # compile\n\t@echo \"done\"\n\nifeq ($(OS),Linux)\ninclude local.mk\nendif\n",
			w("# build", Comment, "GO", Variable, "?=", Plain, "export", Keyword, "CGO_ENABLED", Variable, ":=", Plain,
				".PHONY", Function, "test", Plain, "all", Function, "amux", Plain, "amux", Function, "$(wildcard *.go)", Variable, "GO", Plain,
				"$@", Variable, "# compile", Comment, `"done"`, String, "ifeq", Keyword, "$(OS)", Variable,
				"include", Keyword, "endif", Keyword)},
	}
}

// TestEachLanguageColoursItsSample: each language's sample tokenises into
// the classes a reader expects of it.
func TestEachLanguageColoursItsSample(t *testing.T) {
	seen := map[string]bool{}
	for _, c := range samples() {
		t.Run(c.path, func(t *testing.T) {
			expect(t, c.path, c.src, c.wants...)
		})
		seen[New().Language(c.path)] = true
	}
	for _, l := range New().langs {
		if !seen[l.name] && l.name != "XML" {
			t.Errorf("%s has no sample", l.name)
		}
	}
}
