package git

import (
	"path/filepath"
	"strconv"
	"strings"
)

// globalArgs are the options every git invocation starts with. Command-line
// -c settings outrank every config file, so a delivered .git/config (or an
// include it pulls in) cannot re-enable what is switched off here. git
// passes them on to the git processes it spawns itself.
func globalArgs(top string, allowRepoCode bool) []string {
	args := []string{
		// No terminal is attached, but a repo's core.pager must never be a
		// question.
		"--no-pager",
		// Pin the work tree to the directory we were asked about: this beats
		// a delivered core.worktree, which could otherwise point reads and
		// merge/abort/add writes at any directory on the machine.
		"--work-tree=" + top,
		// Signing runs gpg.program (repo-configurable) and may prompt.
		"-c", "commit.gpgSign=false",
		"-c", "tag.gpgSign=false",
		"-c", "merge.verifySignatures=false",
		"-c", "log.showSignature=false",
		// amux never talks to a remote. Refusing every transport also blocks
		// the lazy fetch of a delivered partial-clone promisor remote, ext::
		// commands, and core.sshCommand / credential helpers behind them.
		"-c", "protocol.allow=never",
		"-c", "protocol.ext.allow=never",
		// Submodule recursion would run git inside directories whose config
		// we never enumerated.
		"-c", "submodule.recurse=false",
		// Auto-gc and auto-maintenance daemonize (setsid), escaping the
		// process group and outliving the deadline.
		"-c", "gc.auto=0",
		"-c", "maintenance.auto=false",
		// A missing local branch must never be conjured from a remote one.
		"-c", "worktree.guessRemote=false",
	}
	if !allowRepoCode {
		args = append(args,
			// Hooks live where core.hooksPath says; /dev/null holds none.
			"-c", "core.hooksPath=/dev/null",
			// core.fsmonitor may name an arbitrary program run on every
			// index refresh (status, diff, add).
			"-c", "core.fsmonitor=false",
		)
	}
	return args
}

// hardenedEnv is the parent environment minus every GIT_* variable (GIT_DIR,
// GIT_WORK_TREE, GIT_CONFIG_*, GIT_EXEC_PATH, GIT_SSH_COMMAND, … would each
// redirect or reconfigure git), plus our own settings. filters are the
// repo-configured filter driver names to neutralize.
func hardenedEnv(environ []string, top string, filters []string) []string {
	env := make([]string, 0, len(environ)+8+4*len(filters))
	for _, kv := range environ {
		if !strings.HasPrefix(kv, "GIT_") {
			env = append(env, kv)
		}
	}
	env = append(env,
		// Discovery may look at top/.git but never climb above it: an empty
		// or broken .git would otherwise make git adopt an enclosing
		// repository (a dotfiles repo in $HOME) with our work tree pinned.
		"GIT_CEILING_DIRECTORIES="+filepath.Dir(top),
		"GIT_TERMINAL_PROMPT=0",
		// Status must not take index.lock while another operation works.
		"GIT_OPTIONAL_LOCKS=0",
		// refs/replace could show a refusal check different objects than a
		// later command writes; ignore replacements everywhere.
		"GIT_NO_REPLACE_OBJECTS=1",
		// ":" is git's own "no editor" value: nothing may open an editor.
		"GIT_EDITOR=:",
		"GIT_SEQUENCE_EDITOR=:",
		"GIT_MERGE_AUTOEDIT=no",
	)
	return append(env, filterOverrides(filters)...)
}

// filterOverrides empties the clean, smudge and process commands of every
// named filter driver and makes it optional, so git passes content through
// untouched. They travel as GIT_CONFIG_COUNT entries rather than -c: a
// driver name may contain "=", which -c would split at, and an entry here
// carries the key and value separately. They rank with -c above every file.
func filterOverrides(filters []string) []string {
	if len(filters) == 0 {
		return nil
	}
	var env []string
	n := 0
	add := func(key, value string) {
		i := strconv.Itoa(n)
		env = append(env, "GIT_CONFIG_KEY_"+i+"="+key, "GIT_CONFIG_VALUE_"+i+"="+value)
		n++
	}
	for _, name := range filters {
		add("filter."+name+".clean", "")
		add("filter."+name+".smudge", "")
		add("filter."+name+".process", "")
		add("filter."+name+".required", "false")
	}
	return append(env, "GIT_CONFIG_COUNT="+strconv.Itoa(n))
}
