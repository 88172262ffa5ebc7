package syntax

import "github.com/alecthomas/chroma/v2"

// table is the languages amux colours: how their files are named, and
// their rules (written for amux from each language's own grammar).
func (s *Set) table() []language {
	js := func() chroma.Rules { return jsRules(jsWords()) }
	ts := func() chroma.Rules { return jsRules(tsWords()) }
	return []language{
		{name: "Go", aliases: []string{"go", "golang"}, exts: []string{".go"}, rules: goRules},
		{name: "Python", aliases: []string{"py", "python3"}, exts: []string{".py", ".pyi", ".pyw"},
			files: []string{"SConstruct", "SConscript"}, rules: pythonRules},
		{name: "JavaScript", aliases: []string{"js", "jsx", "node"}, exts: []string{".js", ".mjs", ".cjs", ".jsx"},
			rules: js},
		{name: "TypeScript", aliases: []string{"ts", "tsx"}, exts: []string{".ts", ".mts", ".cts", ".tsx"},
			rules: ts},
		{name: "Rust", aliases: []string{"rs"}, exts: []string{".rs"}, rules: rustRules},
		{name: "C", aliases: []string{"c", "h"}, exts: []string{".c", ".h"},
			rules: func() chroma.Rules { return cRules(cWords()) }},
		{name: "C++", aliases: []string{"cpp", "c++", "cc", "cxx", "hpp"},
			exts:  []string{".cc", ".cpp", ".cxx", ".c++", ".hh", ".hpp", ".hxx", ".h++", ".ipp", ".inl", ".tpp"},
			rules: func() chroma.Rules { return cRules(cppWords()) }},
		{name: "Java", exts: []string{".java"}, rules: javaRules},
		{name: "Shell", aliases: []string{"sh", "bash", "zsh", "ksh", "shell", "console", "shellscript"},
			exts: []string{".sh", ".bash", ".zsh", ".ksh", ".bats", ".command"},
			files: []string{".bashrc", ".bash_profile", ".bash_login", ".bash_logout", ".profile", ".zshrc",
				".zshenv", ".zprofile", ".zlogin", ".zlogout", ".kshrc", ".envrc", "PKGBUILD"},
			rules: shellRules},
		{name: "JSON", aliases: []string{"jsonc", "json5"}, exts: []string{".json", ".jsonc", ".json5", ".geojson", ".webmanifest"},
			files: []string{".babelrc", ".eslintrc", ".prettierrc", "composer.lock", "flake.lock"}, rules: jsonRules},
		{name: "YAML", aliases: []string{"yml"}, exts: []string{".yaml", ".yml"},
			files: []string{".clang-format", ".clang-tidy"}, rules: yamlRules},
		{name: "TOML", exts: []string{".toml"}, files: []string{"Cargo.lock", "Pipfile", "poetry.lock", "uv.lock"},
			rules: tomlRules},
		{name: "Markdown", aliases: []string{"md"}, exts: []string{".md", ".markdown", ".mdown", ".mkd", ".mdx"},
			rules: s.markdownRules},
		{name: "HTML", aliases: []string{"htm", "xhtml"}, exts: []string{".html", ".htm", ".xhtml", ".vue", ".svelte"},
			rules: s.markupRules},
		{name: "XML", aliases: []string{"svg"}, exts: []string{".xml", ".svg", ".xsd", ".xsl", ".xslt", ".plist", ".csproj", ".props"},
			rules: s.markupRules},
		{name: "CSS", aliases: []string{"scss", "less"}, exts: []string{".css", ".scss", ".less"}, rules: cssRules},
		{name: "Ruby", aliases: []string{"rb"}, exts: []string{".rb", ".rake", ".gemspec", ".ru"},
			files: []string{"Rakefile", "Gemfile", "Guardfile", "Vagrantfile", "Brewfile", "Podfile", "Fastfile"},
			rules: rubyRules},
		{name: "SQL", aliases: []string{"psql", "postgresql", "mysql", "sqlite"}, exts: []string{".sql"}, rules: sqlRules},
		{name: "Dockerfile", aliases: []string{"docker", "containerfile"}, exts: []string{".dockerfile", ".containerfile"},
			files: []string{"Dockerfile", "Containerfile", "dockerfile"}, prefixes: []string{"Dockerfile", "Containerfile"},
			rules: s.dockerfileRules},
		{name: "Makefile", aliases: []string{"make", "mk", "makefile"}, exts: []string{".mk", ".mak", ".make"},
			files: []string{"Makefile", "makefile", "GNUmakefile"}, prefixes: []string{"Makefile", "makefile", "GNUmakefile"},
			rules: s.makefileRules},
	}
}
