package git

import (
	"bufio"
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"path"
	"path/filepath"
	"strconv"
	"strings"
	"time"

	"amux.dev/amux/config/atomicfile"
)

// maxAttrFile bounds one attributes file we read. A larger one is refused
// rather than skimmed: a driver binding past the cut must not slip through.
const maxAttrFile = 8 << 20

// attrPathspec matches every .gitattributes at any depth, in any case: on a
// case-insensitive filesystem git opens ".GitAttributes" as .gitattributes.
const attrPathspec = ":(glob,icase)**/.gitattributes"

// attrBlob is one .gitattributes blob in a tree or the index.
type attrBlob struct {
	oid   string
	label string // shown in a refusal: "<tree-ish>:<path>" or "index:<path>"
}

// treeAttributeBlobs lists the .gitattributes blobs of tree-ish at any
// depth. ls-tree cannot filter by base name, so its listing is streamed
// through a record filter instead of being held whole.
func (c *checkout) treeAttributeBlobs(ctx context.Context, tree treeish) ([]attrBlob, error) {
	var blobs []attrBlob
	sink := &recordSink{keep: func(rec string) {
		// <mode> SP <type> SP <oid> TAB <path>
		meta, p, ok := strings.Cut(rec, "\t")
		f := strings.Fields(meta)
		if ok && len(f) == 3 && f[1] == "blob" && isAttrName(p) {
			blobs = append(blobs, attrBlob{oid: f[2], label: tree.name + ":" + p})
		}
	}}
	_, err := c.r.exec(ctx, invocation{top: c.top, stdout: sink, args: []string{
		"ls-tree", "-r", "-z", "--full-tree", "--end-of-options", tree.rev,
	}})
	return blobs, err
}

// indexAttributeBlobs lists the .gitattributes blobs staged in the index.
func (c *checkout) indexAttributeBlobs(ctx context.Context) ([]attrBlob, error) {
	out, err := c.run(ctx, "ls-files", "-s", "-z", "--", attrPathspec)
	if err != nil {
		return nil, err
	}
	var blobs []attrBlob
	for rec := range strings.SplitSeq(string(out), "\x00") {
		// <mode> SP <oid> SP <stage> TAB <path>
		meta, p, ok := strings.Cut(rec, "\t")
		f := strings.Fields(meta)
		if ok && len(f) == 3 && isAttrName(p) {
			blobs = append(blobs, attrBlob{oid: f[1], label: "index:" + p})
		}
	}
	return blobs, nil
}

// worktreeAttributeFiles lists every .gitattributes file in the work tree,
// tracked or not, ignored or not (an untracked or ignored attributes file
// still binds the paths below it), as slash paths relative to c.top.
func (c *checkout) worktreeAttributeFiles(ctx context.Context) ([]string, error) {
	out, err := c.run(ctx, "ls-files", "-z", "--cached", "--others", "--", attrPathspec)
	if err != nil {
		return nil, err
	}
	var files []string
	for p := range strings.SplitSeq(string(out), "\x00") {
		if p != "" {
			files = append(files, p)
		}
	}
	return files, nil
}

// readBlobs returns the contents of blobs, in order, from one cat-file
// --batch process (plain --batch never runs textconv or filters).
func (c *checkout) readBlobs(ctx context.Context, blobs []attrBlob) ([][]byte, error) {
	if len(blobs) == 0 {
		return nil, nil
	}
	var in strings.Builder
	for _, b := range blobs {
		in.WriteString(b.oid + "\n")
	}
	out, err := c.r.exec(ctx, invocation{top: c.top, stdin: strings.NewReader(in.String()),
		args: []string{"cat-file", "--batch"}})
	if err != nil {
		return nil, err
	}
	br := bufio.NewReader(bytes.NewReader(out))
	texts := make([][]byte, len(blobs))
	for i, b := range blobs {
		header, err := br.ReadString('\n')
		if err != nil {
			return nil, fmt.Errorf("cat-file --batch: reading %s: %w", b.label, err)
		}
		f := strings.Fields(header)
		if len(f) != 3 || f[1] != "blob" {
			return nil, fmt.Errorf("cat-file --batch: unexpected header %q for %s", strings.TrimSpace(header), b.label)
		}
		size, err := strconv.Atoi(f[2])
		if err != nil || size < 0 || size > maxAttrFile {
			return nil, fmt.Errorf("%s: attributes blob of %s bytes is too large to inspect; refusing", b.label, f[2])
		}
		texts[i] = make([]byte, size+1) // content plus git's trailing LF
		if _, err := io.ReadFull(br, texts[i]); err != nil {
			return nil, fmt.Errorf("cat-file --batch: reading %s: %w", b.label, err)
		}
	}
	return texts, nil
}

// attrReadTimeout bounds the read of one attributes file from disk.
const attrReadTimeout = 5 * time.Second

// readWorktreeAttrFile reads an attributes file inside the checkout (rel is
// a slash path under c.top). The repository chose what is there, so it is
// read without following any link, as a regular file only, capped and with
// a deadline: a link to /dev/tty or a FIFO is refused, never opened. git
// itself opens in-tree attributes files without following a final link; a
// refusal is an error, so the check fails closed. A missing file binds
// nothing.
func (c *checkout) readWorktreeAttrFile(rel string) ([]byte, error) {
	b, err := atomicfile.ReadRegular(c.top, rel, maxAttrFile, attrReadTimeout)
	if errors.Is(err, fs.ErrNotExist) {
		return nil, nil
	}
	return b, err
}

// readConfigAttrFile reads an attributes file named by configuration
// (info/attributes, core.attributesFile). One inside the checkout is read
// like a work tree file; one outside it is the user's, and its links are
// followed as git follows them, but only a regular file is opened, capped,
// with a deadline. A missing file binds nothing.
func (c *checkout) readConfigAttrFile(p string) ([]byte, error) {
	if rel, err := filepath.Rel(c.top, p); err == nil && filepath.IsLocal(rel) {
		return c.readWorktreeAttrFile(filepath.ToSlash(rel))
	}
	b, err := atomicfile.ReadRegularFile(p, maxAttrFile, attrReadTimeout)
	if errors.Is(err, fs.ErrNotExist) {
		return nil, nil
	}
	return b, err
}

func isAttrName(p string) bool {
	return strings.EqualFold(path.Base(p), ".gitattributes")
}

// recordSink receives NUL-terminated records as they stream from git and
// hands each to keep, holding at most one partial record.
type recordSink struct {
	partial []byte
	keep    func(string)
}

func (s *recordSink) Write(p []byte) (int, error) {
	n := len(p)
	for {
		i := bytes.IndexByte(p, 0)
		if i < 0 {
			break
		}
		s.partial = append(s.partial, p[:i]...)
		s.keep(string(s.partial))
		s.partial = s.partial[:0]
		p = p[i+1:]
	}
	if len(s.partial)+len(p) > 1<<20 { // no path is a megabyte long
		return 0, errors.New("ls-tree record exceeds 1 MiB")
	}
	s.partial = append(s.partial, p...)
	return n, nil
}
