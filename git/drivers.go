package git

import (
	"bytes"
	"context"
	"slices"
	"strings"
)

// driverConfig is what the effective config says about code-running
// drivers, read in one git call per operation.
type driverConfig struct {
	// repoFilters are filter drivers that repository-scoped config (the
	// local file, its include chain, config.worktree) gives a command.
	// Global and system filters (git-lfs) are the user's and stay untouched.
	repoFilters []string
	// mergeDrivers are merge drivers with a driver command in any scope: a
	// repository's attributes can name a driver the user configured
	// globally, and merge.default can name one without any attribute.
	mergeDrivers []string
	// mergeDefault is merge.default, the driver for paths with no merge
	// attribute.
	mergeDefault string
	// attributesFile is core.attributesFile as configured ("" when unset).
	attributesFile string
}

// configPattern selects every key that can bind or define a driver, plus
// the attributes file location. git matches it against canonical names:
// section and key lowercased, subsection kept as written.
const configPattern = `^(filter|merge)\.|^core\.attributesfile$`

// readDriverConfig enumerates drivers with `git config --show-scope -z
// --get-regexp`, itself under the hardened runner. Reading all scopes at
// once (rather than --local) is what follows include.path and
// includeIf: git reports an included file under the scope that included it.
func readDriverConfig(ctx context.Context, r *Runner, top string) (*driverConfig, error) {
	out, err := r.exec(ctx, invocation{top: top, args: []string{
		"config", "--show-scope", "-z", "--get-regexp", configPattern,
	}})
	if err != nil && exitCode(err) != 1 { // 1: no key matched
		return nil, err
	}
	return parseDriverConfig(out), nil
}

// parseDriverConfig parses records of the form scope NUL name [LF value] NUL.
func parseDriverConfig(out []byte) *driverConfig {
	d := &driverConfig{}
	fields := bytes.Split(out, []byte{0})
	for i := 0; i+1 < len(fields); i += 2 {
		scope := string(fields[i])
		name, value, _ := strings.Cut(string(fields[i+1]), "\n")
		d.add(scope, name, value)
	}
	slices.Sort(d.repoFilters)
	d.repoFilters = slices.Compact(d.repoFilters)
	slices.Sort(d.mergeDrivers)
	d.mergeDrivers = slices.Compact(d.mergeDrivers)
	return d
}

func (d *driverConfig) add(scope, name, value string) {
	switch {
	case name == "core.attributesfile":
		d.attributesFile = value
	case name == "merge.default":
		d.mergeDefault = value
	case strings.HasPrefix(name, "filter."):
		sub, key, ok := splitSubsection(strings.TrimPrefix(name, "filter."))
		// required=… alone cannot run anything; every other key (clean,
		// smudge, process, and whatever a later git adds) counts.
		if ok && key != "required" && (scope == "local" || scope == "worktree") {
			d.repoFilters = append(d.repoFilters, sub)
		}
	case strings.HasPrefix(name, "merge."):
		sub, key, ok := splitSubsection(strings.TrimPrefix(name, "merge."))
		if ok && key == "driver" {
			d.mergeDrivers = append(d.mergeDrivers, sub)
		}
	}
}

// splitSubsection splits "sub.name.key" at its last dot; subsection names
// may themselves contain dots.
func splitSubsection(s string) (sub, key string, ok bool) {
	i := strings.LastIndexByte(s, '.')
	if i <= 0 {
		return "", "", false
	}
	return s[:i], s[i+1:], true
}
