package io.queuelatency.host;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.TreeSet;

/** The kernel's CPU list format, as in /sys/devices/system/cpu/online: "0-3,8,10-11"; empty for none. */
public final class CpuList {
    private CpuList() {
    }

    public static List<Integer> parse(String text) {
        TreeSet<Integer> cpus = new TreeSet<>();
        String trimmed = text == null ? "" : text.trim();
        if (trimmed.isEmpty()) {
            return Collections.emptyList();
        }
        for (String part : trimmed.split(",")) {
            String p = part.trim();
            int dash = p.indexOf('-');
            try {
                if (dash < 0) {
                    cpus.add(Integer.parseInt(p));
                } else {
                    int from = Integer.parseInt(p.substring(0, dash).trim());
                    int to = Integer.parseInt(p.substring(dash + 1).trim());
                    for (int cpu = from; cpu <= to; cpu++) {
                        cpus.add(cpu);
                    }
                }
            } catch (NumberFormatException e) {
                throw new IllegalArgumentException("not a CPU list: '" + text.trim() + "'");
            }
        }
        return new ArrayList<>(cpus);
    }

    /** {@link #parse}'s list; null where {@code text} is null or not a CPU list. */
    static List<Integer> parseOrNull(String text) {
        try {
            return text == null ? null : parse(text);
        } catch (IllegalArgumentException e) {
            return null;
        }
    }

    /** The compact form: [0,1,2,5] is "0-2,5". */
    public static String format(List<Integer> cpus) {
        StringBuilder s = new StringBuilder();
        int i = 0;
        while (i < cpus.size()) {
            int j = i;
            while (j + 1 < cpus.size() && cpus.get(j + 1) == cpus.get(j) + 1) {
                j++;
            }
            if (s.length() > 0) {
                s.append(',');
            }
            s.append(cpus.get(i));
            if (j > i) {
                s.append('-').append(cpus.get(j));
            }
            i = j + 1;
        }
        return s.toString();
    }
}
