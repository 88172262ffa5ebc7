package health

import (
	"encoding/json"
	"errors"
	"io/fs"
	"sort"
	"time"

	"amux.dev/amux/config/atomicfile"
	"amux.dev/amux/status/monitor"
)

// maxRegistry bounds a registry read for the check.
const maxRegistry = 16 << 20

// checkRegistries reads each registry as amux would: a missing file is
// fine, anything that is not a JSON object is a problem amux works around
// (defaults, or a refused save) until the person fixes it.
func checkRegistries(in Inputs) []Finding {
	var out []Finding
	bad := 0
	for _, r := range in.Registries {
		data, err := atomicfile.ReadRegularFile(r.Path, maxRegistry, 5*time.Second)
		if errors.Is(err, fs.ErrNotExist) {
			continue
		}
		if err != nil {
			bad++
			out = append(out, Finding{Check: "registry", Level: Fail, Detail: r.Name + " cannot be read: " + err.Error(),
				Fix: "fix or remove " + r.Path + " (amux keeps its bytes and refuses to save over it)"})
			continue
		}
		var obj map[string]json.RawMessage
		if err = json.Unmarshal(data, &obj); err == nil && obj == nil {
			err = errors.New("not a JSON object")
		}
		if err != nil && len(data) > 0 && !isSpace(data) { // an empty file is an empty registry
			bad++
			out = append(out, Finding{Check: "registry", Level: Fail, Detail: r.Name + " is not valid JSON: " + err.Error(),
				Fix: corruptFix(r)})
		}
	}
	for _, err := range in.RuleErrs {
		bad++
		out = append(out, Finding{Check: "screen rules", Level: Warn, Detail: err.Error(),
			Fix: "fix the rule file; the built-in rules apply until then (it reloads on save)"})
	}
	if bad == 0 && len(in.Registries) > 0 {
		out = append(out, ok("registries", "every registry and rule file reads"))
	}
	return out
}

// corruptFix is what happens to a registry that does not parse, as the
// contract has it: config.json is never saved over (amux runs on the
// defaults); the project registries are replaced by amux's next save.
func corruptFix(r Registry) string {
	if r.Name == "config.json" {
		return "fix " + r.Path + " (amux runs on the defaults and never saves over it)"
	}
	return "fix " + r.Path + " to keep its entries: amux's next save to it replaces the whole file"
}

func isSpace(b []byte) bool {
	for _, c := range b {
		if c != ' ' && c != '\n' && c != '\t' && c != '\r' {
			return false
		}
	}
	return true
}

func sortedNames(m map[string]monitor.SessionState) []string {
	names := make([]string, 0, len(m))
	for n := range m {
		names = append(names, n)
	}
	sort.Strings(names)
	return names
}
