package e2e

import (
	"fmt"
	"io"
	"math"
	"slices"
	"sort"
	"strings"
	"text/tabwriter"
)

// nan marks a figure plain tmux has no counterpart for.
var nan = math.NaN()

// vsTable collects a benchmark's figures over its runs, in first-seen order.
type vsTable struct {
	rows  []*vsRow
	notes []string
	base  string // what amux is measured beside ("" for plain tmux)
}

type vsRow struct {
	name, unit, target string
	plain, amux        []float64
}

// add records one sample of a figure for plain tmux and amux.
func (t *vsTable) add(name, unit, target string, plain, amux float64) {
	for _, r := range t.rows {
		if r.name == name {
			r.plain, r.amux = append(r.plain, plain), append(r.amux, amux)
			return
		}
	}
	t.rows = append(t.rows, &vsRow{name: name, unit: unit, target: target, plain: []float64{plain}, amux: []float64{amux}})
}

// note records a line printed under the table.
func (t *vsTable) note(run int, s string) {
	t.notes = append(t.notes, fmt.Sprintf("run %d: %s", run+1, s))
}

func (t *vsTable) print(w io.Writer) {
	tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', 0)
	base := t.base
	if base == "" {
		base = "plain tmux"
	}
	fmt.Fprintf(tw, "measure\tunit\ttarget\t%s (median)\tamux min / median / max\n", base)
	for _, r := range t.rows {
		lo, mid, hi := spread(r.amux)
		_, pmid, _ := spread(r.plain)
		fmt.Fprintf(tw, "%s\t%s\t%s\t%s\t%s / %s / %s\n", r.name, r.unit, r.target, num(pmid), num(lo), num(mid), num(hi))
	}
	tw.Flush()
	for _, n := range t.notes {
		fmt.Fprintln(w, n)
	}
}

// spread is the min, median and max of xs (NaN for none).
func spread(xs []float64) (lo, mid, hi float64) {
	var v []float64
	for _, x := range xs {
		if !math.IsNaN(x) {
			v = append(v, x)
		}
	}
	if len(v) == 0 {
		return nan, nan, nan
	}
	slices.Sort(v)
	return v[0], v[len(v)/2], v[len(v)-1]
}

func num(x float64) string {
	switch {
	case math.IsNaN(x):
		return "—"
	case x != 0 && math.Abs(x) < 0.1:
		return fmt.Sprintf("%.3f", x)
	case math.Abs(x) < 100:
		return fmt.Sprintf("%.2f", x)
	}
	return fmt.Sprintf("%.0f", x)
}

// topCalls lists the most frequent syscalls as calls per second.
func topCalls(calls map[string]int, secs float64) string {
	type kv struct {
		name string
		n    int
	}
	var all []kv
	for k, v := range calls {
		all = append(all, kv{k, v})
	}
	sort.Slice(all, func(i, j int) bool { return all[i].n > all[j].n })
	var parts []string
	for i, c := range all {
		if i == 8 {
			break
		}
		parts = append(parts, fmt.Sprintf("%s %.1f/s", c.name, float64(c.n)/secs))
	}
	return strings.Join(parts, ", ")
}
