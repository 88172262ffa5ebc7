package git

import (
	"context"
	"os"
	"path/filepath"
	"slices"
	"strings"
)

// writeScope describes what an operation is about to write, and so which
// attribute stacks could bind a driver during it.
type writeScope struct {
	trees    []treeish // trees whose content is written (checked out or incoming)
	index    bool      // the checkout's current index
	worktree bool      // .gitattributes files on disk in the checkout
	merge    bool      // merge drivers matter too (only a merge runs them)
}

// treeish is a revision to inspect and the name a refusal shows for it.
type treeish struct{ rev, name string }

// rev names a tree-ish by itself.
func rev(r string) treeish { return treeish{rev: r, name: r} }

// refuseDrivers fails with a *DriverError when a repo-configured filter
// driver, or (for merges) a configured merge driver, is bound by any
// attribute source the operation would consult.
//
// git 2.39 (our floor) has no `check-attr --source`, so instead of asking
// git which paths carry the attribute, this reads every attribute file of
// every stack involved (the trees' and index's .gitattributes blobs, the
// work tree's files, info/attributes, core.attributesFile) and refuses when
// any line names a configured driver at all. That is a superset of what
// check-attr would report, so it fails closed, and it holds for any git
// version. Neutralization stays on regardless: this refusal is the part the
// user sees.
func (c *checkout) refuseDrivers(ctx context.Context, ws writeScope) error {
	if c.r.opts.AllowRepoCode {
		return nil
	}
	d, err := c.driverConfig(ctx)
	if err != nil {
		return err
	}
	m := driverMatcher{filters: d.repoFilters}
	if ws.merge {
		m.merges = d.mergeDrivers
		if slices.Contains(m.merges, d.mergeDefault) {
			return &DriverError{Kind: "merge", Name: d.mergeDefault, Source: "merge.default"}
		}
	}
	if len(m.filters) == 0 && len(m.merges) == 0 {
		return nil // nothing configured to bind: no need to read attributes
	}
	for _, src := range c.configAttributeFiles(ctx, d) {
		text, err := c.readConfigAttrFile(src)
		if err != nil {
			return err
		}
		if e := m.scan(text, src); e != nil {
			return e
		}
	}
	for _, tree := range ws.trees {
		blobs, err := c.treeAttributeBlobs(ctx, tree)
		if err != nil {
			return err
		}
		if e := c.scanBlobs(ctx, m, blobs); e != nil {
			return e
		}
	}
	if ws.index {
		blobs, err := c.indexAttributeBlobs(ctx)
		if err != nil {
			return err
		}
		if e := c.scanBlobs(ctx, m, blobs); e != nil {
			return e
		}
	}
	if ws.worktree {
		files, err := c.worktreeAttributeFiles(ctx)
		if err != nil {
			return err
		}
		for _, f := range files {
			text, err := c.readWorktreeAttrFile(f)
			if err != nil {
				return err
			}
			if e := m.scan(text, filepath.Join(c.top, filepath.FromSlash(f))); e != nil {
				return e
			}
		}
	}
	return nil
}

func (c *checkout) scanBlobs(ctx context.Context, m driverMatcher, blobs []attrBlob) error {
	texts, err := c.readBlobs(ctx, blobs)
	if err != nil {
		return err
	}
	for i, b := range blobs {
		if e := m.scan(texts[i], b.label); e != nil {
			return e
		}
	}
	return nil
}

// configAttributeFiles lists the attribute files outside the tree: the
// repository's info/attributes and core.attributesFile (its XDG default
// when unset). A repository's own config may set the latter, and a global
// one may bind a repo-configured driver name; both are read.
func (c *checkout) configAttributeFiles(ctx context.Context, d *driverConfig) []string {
	var files []string
	if common, err := c.commonDir(ctx); err == nil {
		files = append(files, filepath.Join(common, "info", "attributes"))
	}
	switch af := d.attributesFile; {
	case af == "":
		if x := os.Getenv("XDG_CONFIG_HOME"); x != "" {
			files = append(files, filepath.Join(x, "git", "attributes"))
		} else if h := os.Getenv("HOME"); h != "" {
			files = append(files, filepath.Join(h, ".config", "git", "attributes"))
		}
	case af == "~" || strings.HasPrefix(af, "~/"):
		files = append(files, filepath.Join(os.Getenv("HOME"), af[1:]))
	case filepath.IsAbs(af):
		files = append(files, af)
	default:
		files = append(files, filepath.Join(c.top, af))
	}
	return files
}

// driverMatcher finds attribute assignments naming a configured driver.
type driverMatcher struct {
	filters []string
	merges  []string
}

// scan returns a *DriverError for the first token in text that assigns
// filter=<configured filter> or merge=<configured merge driver>. It does
// not evaluate patterns, quoting or macros: any such token counts, which
// also covers a macro definition ([attr]m filter=x) wherever it is used.
func (m driverMatcher) scan(text []byte, source string) error {
	for line := range strings.Lines(string(text)) {
		for _, tok := range strings.FieldsFunc(line, isAttrBlank) {
			if name, ok := strings.CutPrefix(tok, "filter="); ok && slices.Contains(m.filters, name) {
				return &DriverError{Kind: "filter", Name: name, Source: source}
			}
			if name, ok := strings.CutPrefix(tok, "merge="); ok && slices.Contains(m.merges, name) {
				return &DriverError{Kind: "merge", Name: name, Source: source}
			}
		}
	}
	return nil
}

// isAttrBlank is git's own separator set for attribute lines (attr.c);
// splitting on anything wider would cut a name git reads whole.
func isAttrBlank(r rune) bool {
	return r == ' ' || r == '\t' || r == '\r' || r == '\n'
}
