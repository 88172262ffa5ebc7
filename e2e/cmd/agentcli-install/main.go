// Command agentcli-install puts the real agent CLIs the e2e suite runs —
// the pinned versions, on their pinned Node.js — into the suite's cache
// (e2e/harness/agentcli), so a test run starts with them installed. CI runs
// it before the tests; it does nothing for a CLI already in the cache.
package main

import (
	"fmt"
	"os"

	"amux.dev/amux/e2e/harness/agentcli"
)

func main() {
	failed := false
	for _, c := range agentcli.Pinned() {
		in, err := agentcli.Install(c.Name)
		if err != nil {
			fmt.Fprintf(os.Stderr, "agentcli-install: %s@%s: %v\n", c.Package, c.Version, err)
			failed = true
			continue
		}
		fmt.Printf("%s %s: %s\n", c.Name, c.Version, in.Program)
	}
	if failed {
		os.Exit(1)
	}
}
