# Issue 19 attack: 4 MB of JSON took 11.5 s and 688 MB; decoded text is capped at 256 KiB.
locals {
  s1 = format("%4096s", "")
  s2 = replace(local.s1, " ", format("%1000s", ""))
  z  = replace(local.s1, " ", join("", [for i in range(500) : "0,"]))
  r  = length(jsondecode("[${local.z}0]"))
}
