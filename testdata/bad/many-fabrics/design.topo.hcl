# Issue 19: time grew with the square of the number of fabrics (4,000
# four-port fat-trees took 19 s). Each fabric now costs its own size. The
# requirement fails on purpose, after every analysis has run.
fabric "f0" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f1" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f2" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f3" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f4" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f5" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f6" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f7" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f8" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f9" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f10" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f11" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f12" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f13" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f14" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f15" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f16" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f17" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f18" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f19" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f20" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f21" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f22" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f23" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f24" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f25" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f26" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f27" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f28" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f29" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f30" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f31" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f32" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f33" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f34" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f35" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f36" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f37" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f38" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f39" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f40" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f41" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f42" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f43" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f44" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f45" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f46" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f47" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f48" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f49" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f50" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f51" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f52" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f53" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f54" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f55" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f56" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f57" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f58" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f59" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f60" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f61" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f62" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f63" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f64" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f65" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f66" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f67" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f68" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f69" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f70" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f71" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f72" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f73" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f74" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f75" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f76" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f77" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f78" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f79" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f80" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f81" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f82" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f83" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f84" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f85" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f86" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f87" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f88" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f89" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f90" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f91" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f92" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f93" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f94" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f95" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f96" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f97" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f98" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f99" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f100" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f101" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f102" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f103" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f104" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f105" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f106" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f107" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f108" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f109" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f110" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f111" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f112" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f113" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f114" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f115" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f116" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f117" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f118" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f119" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f120" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f121" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f122" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f123" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f124" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f125" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f126" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f127" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f128" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f129" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f130" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f131" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f132" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f133" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f134" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f135" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f136" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f137" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f138" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f139" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f140" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f141" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f142" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f143" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f144" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f145" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f146" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f147" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f148" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f149" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f150" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f151" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f152" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f153" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f154" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f155" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f156" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f157" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f158" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f159" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f160" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f161" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f162" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f163" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f164" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f165" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f166" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f167" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f168" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f169" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f170" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f171" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f172" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f173" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f174" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f175" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f176" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f177" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f178" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f179" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f180" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f181" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f182" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f183" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f184" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f185" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f186" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f187" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f188" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f189" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f190" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f191" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f192" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f193" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f194" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f195" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f196" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f197" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f198" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f199" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f200" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f201" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f202" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f203" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f204" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f205" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f206" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f207" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f208" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f209" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f210" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f211" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f212" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f213" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f214" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f215" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f216" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f217" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f218" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f219" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f220" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f221" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f222" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f223" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f224" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f225" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f226" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f227" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f228" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f229" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f230" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f231" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f232" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f233" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f234" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f235" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f236" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f237" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f238" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f239" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f240" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f241" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f242" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f243" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f244" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f245" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f246" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f247" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f248" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f249" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f250" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f251" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f252" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f253" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f254" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f255" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f256" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f257" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f258" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f259" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f260" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f261" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f262" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f263" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f264" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f265" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f266" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f267" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f268" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f269" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f270" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f271" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f272" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f273" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f274" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f275" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f276" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f277" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f278" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f279" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f280" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f281" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f282" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f283" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f284" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f285" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f286" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f287" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f288" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f289" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f290" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f291" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f292" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f293" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f294" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f295" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f296" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f297" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f298" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f299" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f300" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f301" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f302" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f303" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f304" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f305" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f306" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f307" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f308" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f309" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f310" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f311" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f312" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f313" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f314" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f315" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f316" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f317" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f318" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f319" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f320" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f321" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f322" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f323" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f324" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f325" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f326" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f327" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f328" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f329" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f330" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f331" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f332" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f333" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f334" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f335" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f336" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f337" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f338" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f339" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f340" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f341" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f342" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f343" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f344" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f345" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f346" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f347" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f348" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f349" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f350" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f351" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f352" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f353" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f354" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f355" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f356" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f357" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f358" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f359" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f360" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f361" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f362" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f363" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f364" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f365" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f366" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f367" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f368" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f369" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f370" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f371" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f372" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f373" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f374" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f375" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f376" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f377" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f378" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f379" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f380" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f381" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f382" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f383" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f384" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f385" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f386" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f387" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f388" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f389" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f390" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f391" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f392" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f393" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f394" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f395" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f396" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f397" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f398" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f399" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f400" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f401" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f402" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f403" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f404" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f405" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f406" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f407" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f408" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f409" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f410" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f411" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f412" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f413" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f414" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f415" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f416" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f417" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f418" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f419" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f420" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f421" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f422" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f423" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f424" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f425" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f426" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f427" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f428" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f429" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f430" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f431" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f432" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f433" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f434" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f435" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f436" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f437" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f438" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f439" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f440" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f441" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f442" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f443" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f444" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f445" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f446" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f447" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f448" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f449" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f450" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f451" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f452" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f453" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f454" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f455" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f456" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f457" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f458" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f459" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f460" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f461" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f462" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f463" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f464" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f465" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f466" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f467" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f468" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f469" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f470" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f471" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f472" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f473" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f474" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f475" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f476" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f477" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f478" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f479" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f480" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f481" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f482" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f483" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f484" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f485" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f486" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f487" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f488" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f489" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f490" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f491" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f492" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f493" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f494" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f495" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f496" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f497" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f498" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f499" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f500" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f501" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f502" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f503" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f504" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f505" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f506" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f507" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f508" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f509" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f510" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f511" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f512" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f513" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f514" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f515" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f516" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f517" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f518" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f519" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f520" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f521" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f522" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f523" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f524" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f525" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f526" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f527" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f528" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f529" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f530" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f531" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f532" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f533" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f534" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f535" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f536" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f537" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f538" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f539" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f540" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f541" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f542" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f543" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f544" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f545" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f546" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f547" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f548" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f549" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f550" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f551" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f552" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f553" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f554" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f555" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f556" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f557" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f558" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f559" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f560" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f561" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f562" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f563" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f564" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f565" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f566" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f567" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f568" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f569" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f570" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f571" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f572" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f573" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f574" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f575" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f576" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f577" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f578" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f579" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f580" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f581" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f582" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f583" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f584" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f585" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f586" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f587" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f588" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f589" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f590" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f591" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f592" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f593" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f594" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f595" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f596" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f597" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f598" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f599" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f600" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f601" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f602" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f603" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f604" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f605" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f606" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f607" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f608" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f609" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f610" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f611" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f612" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f613" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f614" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f615" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f616" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f617" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f618" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f619" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f620" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f621" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f622" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f623" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f624" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f625" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f626" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f627" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f628" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f629" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f630" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f631" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f632" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f633" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f634" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f635" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f636" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f637" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f638" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f639" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f640" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f641" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f642" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f643" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f644" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f645" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f646" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f647" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f648" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f649" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f650" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f651" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f652" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f653" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f654" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f655" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f656" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f657" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f658" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f659" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f660" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f661" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f662" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f663" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f664" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f665" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f666" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f667" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f668" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f669" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f670" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f671" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f672" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f673" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f674" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f675" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f676" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f677" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f678" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f679" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f680" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f681" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f682" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f683" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f684" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f685" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f686" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f687" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f688" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f689" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f690" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f691" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f692" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f693" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f694" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f695" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f696" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f697" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f698" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f699" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f700" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f701" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f702" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f703" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f704" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f705" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f706" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f707" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f708" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f709" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f710" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f711" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f712" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f713" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f714" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f715" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f716" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f717" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f718" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f719" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f720" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f721" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f722" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f723" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f724" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f725" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f726" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f727" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f728" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f729" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f730" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f731" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f732" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f733" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f734" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f735" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f736" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f737" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f738" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f739" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f740" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f741" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f742" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f743" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f744" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f745" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f746" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f747" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f748" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f749" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f750" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f751" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f752" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f753" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f754" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f755" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f756" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f757" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f758" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f759" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f760" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f761" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f762" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f763" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f764" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f765" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f766" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f767" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f768" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f769" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f770" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f771" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f772" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f773" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f774" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f775" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f776" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f777" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f778" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f779" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f780" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f781" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f782" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f783" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f784" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f785" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f786" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f787" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f788" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f789" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f790" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f791" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f792" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f793" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f794" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f795" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f796" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f797" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f798" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f799" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f800" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f801" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f802" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f803" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f804" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f805" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f806" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f807" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f808" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f809" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f810" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f811" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f812" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f813" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f814" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f815" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f816" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f817" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f818" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f819" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f820" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f821" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f822" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f823" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f824" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f825" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f826" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f827" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f828" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f829" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f830" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f831" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f832" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f833" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f834" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f835" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f836" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f837" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f838" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f839" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f840" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f841" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f842" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f843" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f844" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f845" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f846" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f847" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f848" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f849" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f850" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f851" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f852" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f853" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f854" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f855" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f856" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f857" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f858" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f859" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f860" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f861" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f862" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f863" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f864" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f865" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f866" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f867" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f868" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f869" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f870" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f871" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f872" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f873" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f874" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f875" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f876" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f877" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f878" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f879" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f880" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f881" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f882" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f883" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f884" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f885" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f886" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f887" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f888" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f889" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f890" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f891" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f892" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f893" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f894" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f895" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f896" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f897" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f898" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f899" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f900" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f901" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f902" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f903" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f904" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f905" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f906" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f907" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f908" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f909" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f910" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f911" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f912" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f913" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f914" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f915" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f916" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f917" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f918" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f919" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f920" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f921" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f922" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f923" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f924" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f925" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f926" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f927" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f928" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f929" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f930" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f931" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f932" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f933" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f934" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f935" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f936" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f937" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f938" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f939" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f940" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f941" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f942" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f943" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f944" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f945" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f946" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f947" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f948" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f949" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f950" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f951" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f952" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f953" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f954" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f955" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f956" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f957" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f958" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f959" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f960" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f961" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f962" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f963" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f964" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f965" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f966" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f967" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f968" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f969" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f970" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f971" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f972" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f973" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f974" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f975" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f976" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f977" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f978" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f979" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f980" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f981" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f982" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f983" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f984" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f985" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f986" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f987" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f988" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f989" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f990" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f991" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f992" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f993" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f994" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f995" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f996" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f997" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f998" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f999" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f1000" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f1001" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f1002" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f1003" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f1004" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f1005" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f1006" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f1007" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f1008" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f1009" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f1010" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f1011" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f1012" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f1013" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f1014" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f1015" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f1016" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f1017" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f1018" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f1019" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f1020" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f1021" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f1022" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f1023" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f1024" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f1025" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f1026" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f1027" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f1028" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f1029" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f1030" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f1031" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f1032" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f1033" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f1034" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f1035" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f1036" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f1037" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f1038" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f1039" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f1040" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f1041" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f1042" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f1043" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f1044" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f1045" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f1046" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f1047" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f1048" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f1049" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f1050" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f1051" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f1052" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f1053" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f1054" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f1055" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f1056" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f1057" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f1058" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f1059" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f1060" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f1061" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f1062" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f1063" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f1064" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f1065" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f1066" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f1067" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f1068" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f1069" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f1070" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f1071" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f1072" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f1073" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f1074" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f1075" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f1076" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f1077" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f1078" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f1079" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f1080" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f1081" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f1082" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f1083" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f1084" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f1085" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f1086" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f1087" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f1088" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f1089" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f1090" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f1091" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f1092" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f1093" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f1094" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f1095" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f1096" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f1097" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f1098" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f1099" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f1100" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f1101" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f1102" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f1103" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f1104" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f1105" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f1106" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f1107" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f1108" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f1109" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f1110" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f1111" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f1112" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f1113" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f1114" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f1115" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f1116" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f1117" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f1118" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f1119" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f1120" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f1121" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f1122" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f1123" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f1124" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f1125" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f1126" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f1127" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f1128" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f1129" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f1130" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f1131" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f1132" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f1133" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f1134" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f1135" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f1136" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f1137" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f1138" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f1139" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f1140" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f1141" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f1142" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f1143" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f1144" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f1145" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f1146" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f1147" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f1148" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f1149" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f1150" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f1151" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f1152" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f1153" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f1154" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f1155" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f1156" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f1157" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f1158" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f1159" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f1160" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f1161" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f1162" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f1163" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f1164" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f1165" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f1166" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f1167" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f1168" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f1169" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f1170" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f1171" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f1172" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f1173" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f1174" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f1175" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f1176" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f1177" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f1178" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f1179" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f1180" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f1181" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f1182" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f1183" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f1184" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f1185" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f1186" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f1187" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f1188" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f1189" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f1190" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f1191" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f1192" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f1193" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f1194" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f1195" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f1196" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f1197" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f1198" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f1199" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f1200" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f1201" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f1202" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f1203" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f1204" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f1205" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f1206" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f1207" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f1208" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f1209" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f1210" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f1211" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f1212" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f1213" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f1214" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f1215" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f1216" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f1217" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f1218" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f1219" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f1220" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f1221" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f1222" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f1223" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f1224" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f1225" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f1226" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f1227" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f1228" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f1229" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f1230" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f1231" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f1232" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f1233" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f1234" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f1235" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f1236" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f1237" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f1238" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f1239" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f1240" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f1241" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f1242" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f1243" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f1244" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f1245" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f1246" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f1247" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f1248" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f1249" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f1250" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f1251" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f1252" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f1253" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f1254" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f1255" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f1256" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f1257" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f1258" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f1259" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f1260" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f1261" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f1262" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f1263" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f1264" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f1265" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f1266" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f1267" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f1268" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f1269" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f1270" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f1271" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f1272" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f1273" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f1274" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f1275" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f1276" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f1277" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f1278" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f1279" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f1280" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f1281" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f1282" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f1283" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f1284" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f1285" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f1286" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f1287" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f1288" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f1289" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f1290" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f1291" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f1292" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f1293" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f1294" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f1295" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f1296" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f1297" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f1298" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f1299" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f1300" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f1301" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f1302" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f1303" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f1304" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f1305" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f1306" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f1307" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f1308" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f1309" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f1310" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f1311" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f1312" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f1313" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f1314" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f1315" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f1316" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f1317" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f1318" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f1319" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f1320" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f1321" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f1322" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f1323" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f1324" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f1325" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f1326" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f1327" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f1328" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f1329" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f1330" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f1331" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f1332" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f1333" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f1334" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f1335" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f1336" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f1337" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f1338" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f1339" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f1340" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f1341" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f1342" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f1343" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f1344" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f1345" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f1346" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f1347" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f1348" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f1349" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f1350" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f1351" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f1352" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f1353" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f1354" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f1355" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f1356" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f1357" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f1358" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f1359" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f1360" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f1361" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f1362" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f1363" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f1364" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f1365" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f1366" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f1367" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f1368" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f1369" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f1370" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f1371" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f1372" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f1373" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f1374" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f1375" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f1376" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f1377" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f1378" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f1379" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f1380" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f1381" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f1382" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f1383" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f1384" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f1385" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f1386" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f1387" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f1388" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f1389" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f1390" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f1391" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f1392" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f1393" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f1394" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f1395" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f1396" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f1397" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f1398" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f1399" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f1400" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f1401" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f1402" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f1403" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f1404" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f1405" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f1406" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f1407" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f1408" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f1409" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f1410" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f1411" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f1412" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f1413" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f1414" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f1415" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f1416" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f1417" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f1418" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f1419" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f1420" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f1421" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f1422" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f1423" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f1424" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f1425" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f1426" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f1427" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f1428" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f1429" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f1430" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f1431" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f1432" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f1433" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f1434" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f1435" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f1436" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f1437" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f1438" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f1439" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f1440" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f1441" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f1442" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f1443" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f1444" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f1445" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f1446" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f1447" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f1448" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f1449" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f1450" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f1451" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f1452" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f1453" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f1454" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f1455" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f1456" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f1457" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f1458" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f1459" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f1460" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f1461" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f1462" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f1463" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f1464" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f1465" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f1466" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f1467" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f1468" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f1469" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f1470" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f1471" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f1472" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f1473" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f1474" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f1475" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f1476" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f1477" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f1478" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f1479" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f1480" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f1481" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f1482" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f1483" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f1484" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f1485" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f1486" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f1487" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f1488" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f1489" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f1490" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f1491" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f1492" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f1493" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f1494" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f1495" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f1496" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f1497" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f1498" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f1499" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f1500" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f1501" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f1502" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f1503" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f1504" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f1505" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f1506" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f1507" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f1508" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f1509" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f1510" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f1511" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f1512" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f1513" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f1514" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f1515" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f1516" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f1517" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f1518" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f1519" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f1520" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f1521" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f1522" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f1523" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f1524" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f1525" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f1526" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f1527" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f1528" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f1529" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f1530" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f1531" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f1532" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f1533" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f1534" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f1535" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f1536" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f1537" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f1538" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f1539" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f1540" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f1541" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f1542" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f1543" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f1544" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f1545" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f1546" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f1547" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f1548" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f1549" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f1550" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f1551" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f1552" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f1553" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f1554" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f1555" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f1556" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f1557" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f1558" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f1559" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f1560" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f1561" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f1562" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f1563" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f1564" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f1565" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f1566" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f1567" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f1568" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f1569" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f1570" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f1571" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f1572" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f1573" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f1574" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f1575" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f1576" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f1577" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f1578" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f1579" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f1580" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f1581" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f1582" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f1583" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f1584" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f1585" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f1586" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f1587" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f1588" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f1589" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f1590" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f1591" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f1592" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f1593" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f1594" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f1595" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f1596" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f1597" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f1598" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f1599" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f1600" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f1601" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f1602" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f1603" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f1604" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f1605" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f1606" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f1607" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f1608" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f1609" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f1610" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f1611" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f1612" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f1613" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f1614" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f1615" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f1616" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f1617" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f1618" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f1619" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f1620" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f1621" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f1622" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f1623" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f1624" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f1625" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f1626" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f1627" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f1628" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f1629" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f1630" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f1631" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f1632" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f1633" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f1634" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f1635" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f1636" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f1637" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f1638" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f1639" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f1640" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f1641" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f1642" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f1643" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f1644" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f1645" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f1646" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f1647" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f1648" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f1649" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f1650" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f1651" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f1652" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f1653" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f1654" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f1655" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f1656" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f1657" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f1658" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f1659" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f1660" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f1661" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f1662" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f1663" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f1664" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f1665" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f1666" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f1667" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f1668" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f1669" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f1670" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f1671" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f1672" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f1673" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f1674" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f1675" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f1676" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f1677" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f1678" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f1679" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f1680" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f1681" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f1682" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f1683" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f1684" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f1685" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f1686" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f1687" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f1688" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f1689" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f1690" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f1691" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f1692" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f1693" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f1694" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f1695" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f1696" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f1697" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f1698" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f1699" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f1700" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f1701" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f1702" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f1703" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f1704" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f1705" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f1706" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f1707" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f1708" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f1709" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f1710" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f1711" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f1712" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f1713" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f1714" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f1715" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f1716" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f1717" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f1718" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f1719" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f1720" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f1721" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f1722" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f1723" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f1724" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f1725" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f1726" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f1727" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f1728" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f1729" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f1730" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f1731" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f1732" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f1733" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f1734" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f1735" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f1736" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f1737" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f1738" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f1739" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f1740" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f1741" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f1742" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f1743" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f1744" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f1745" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f1746" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f1747" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f1748" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f1749" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f1750" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f1751" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f1752" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f1753" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f1754" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f1755" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f1756" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f1757" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f1758" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f1759" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f1760" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f1761" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f1762" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f1763" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f1764" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f1765" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f1766" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f1767" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f1768" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f1769" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f1770" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f1771" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f1772" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f1773" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f1774" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f1775" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f1776" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f1777" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f1778" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f1779" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f1780" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f1781" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f1782" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f1783" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f1784" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f1785" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f1786" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f1787" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f1788" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f1789" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f1790" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f1791" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f1792" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f1793" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f1794" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f1795" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f1796" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f1797" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f1798" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f1799" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f1800" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f1801" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f1802" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f1803" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f1804" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f1805" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f1806" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f1807" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f1808" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f1809" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f1810" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f1811" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f1812" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f1813" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f1814" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f1815" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f1816" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f1817" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f1818" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f1819" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f1820" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f1821" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f1822" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f1823" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f1824" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f1825" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f1826" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f1827" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f1828" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f1829" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f1830" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f1831" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f1832" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f1833" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f1834" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f1835" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f1836" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f1837" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f1838" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f1839" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f1840" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f1841" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f1842" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f1843" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f1844" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f1845" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f1846" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f1847" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f1848" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f1849" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f1850" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f1851" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f1852" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f1853" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f1854" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f1855" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f1856" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f1857" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f1858" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f1859" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f1860" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f1861" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f1862" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f1863" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f1864" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f1865" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f1866" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f1867" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f1868" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f1869" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f1870" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f1871" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f1872" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f1873" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f1874" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f1875" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f1876" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f1877" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f1878" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f1879" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f1880" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f1881" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f1882" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f1883" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f1884" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f1885" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f1886" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f1887" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f1888" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f1889" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f1890" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f1891" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f1892" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f1893" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f1894" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f1895" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f1896" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f1897" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f1898" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f1899" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f1900" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f1901" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f1902" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f1903" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f1904" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f1905" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f1906" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f1907" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f1908" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f1909" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f1910" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f1911" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f1912" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f1913" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f1914" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f1915" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f1916" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f1917" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f1918" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f1919" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f1920" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f1921" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f1922" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f1923" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f1924" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f1925" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f1926" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f1927" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f1928" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f1929" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f1930" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f1931" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f1932" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f1933" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f1934" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f1935" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f1936" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f1937" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f1938" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f1939" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f1940" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f1941" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f1942" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f1943" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f1944" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f1945" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f1946" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f1947" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f1948" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f1949" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f1950" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f1951" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f1952" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f1953" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f1954" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f1955" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f1956" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f1957" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f1958" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f1959" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f1960" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f1961" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f1962" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f1963" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f1964" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f1965" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f1966" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f1967" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f1968" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f1969" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f1970" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f1971" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f1972" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f1973" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f1974" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f1975" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f1976" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f1977" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f1978" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f1979" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f1980" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f1981" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f1982" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f1983" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f1984" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f1985" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f1986" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f1987" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f1988" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f1989" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f1990" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f1991" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f1992" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f1993" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f1994" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f1995" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f1996" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f1997" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f1998" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f1999" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f2000" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f2001" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f2002" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f2003" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f2004" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f2005" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f2006" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f2007" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f2008" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f2009" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f2010" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f2011" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f2012" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f2013" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f2014" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f2015" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f2016" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f2017" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f2018" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f2019" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f2020" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f2021" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f2022" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f2023" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f2024" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f2025" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f2026" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f2027" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f2028" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f2029" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f2030" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f2031" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f2032" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f2033" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f2034" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f2035" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f2036" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f2037" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f2038" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f2039" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f2040" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f2041" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f2042" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f2043" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f2044" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f2045" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f2046" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f2047" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f2048" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f2049" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f2050" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f2051" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f2052" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f2053" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f2054" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f2055" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f2056" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f2057" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f2058" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f2059" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f2060" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f2061" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f2062" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f2063" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f2064" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f2065" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f2066" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f2067" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f2068" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f2069" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f2070" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f2071" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f2072" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f2073" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f2074" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f2075" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f2076" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f2077" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f2078" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f2079" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f2080" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f2081" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f2082" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f2083" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f2084" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f2085" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f2086" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f2087" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f2088" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f2089" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f2090" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f2091" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f2092" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f2093" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f2094" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f2095" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f2096" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f2097" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f2098" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f2099" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f2100" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f2101" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f2102" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f2103" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f2104" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f2105" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f2106" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f2107" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f2108" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f2109" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f2110" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f2111" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f2112" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f2113" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f2114" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f2115" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f2116" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f2117" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f2118" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f2119" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f2120" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f2121" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f2122" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f2123" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f2124" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f2125" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f2126" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f2127" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f2128" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f2129" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f2130" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f2131" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f2132" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f2133" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f2134" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f2135" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f2136" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f2137" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f2138" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f2139" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f2140" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f2141" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f2142" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f2143" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f2144" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f2145" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f2146" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f2147" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f2148" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f2149" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f2150" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f2151" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f2152" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f2153" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f2154" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f2155" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f2156" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f2157" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f2158" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f2159" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f2160" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f2161" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f2162" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f2163" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f2164" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f2165" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f2166" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f2167" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f2168" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f2169" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f2170" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f2171" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f2172" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f2173" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f2174" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f2175" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f2176" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f2177" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f2178" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f2179" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f2180" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f2181" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f2182" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f2183" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f2184" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f2185" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f2186" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f2187" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f2188" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f2189" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f2190" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f2191" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f2192" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f2193" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f2194" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f2195" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f2196" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f2197" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f2198" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f2199" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f2200" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f2201" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f2202" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f2203" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f2204" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f2205" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f2206" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f2207" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f2208" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f2209" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f2210" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f2211" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f2212" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f2213" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f2214" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f2215" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f2216" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f2217" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f2218" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f2219" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f2220" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f2221" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f2222" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f2223" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f2224" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f2225" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f2226" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f2227" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f2228" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f2229" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f2230" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f2231" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f2232" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f2233" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f2234" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f2235" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f2236" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f2237" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f2238" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f2239" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f2240" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f2241" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f2242" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f2243" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f2244" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f2245" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f2246" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f2247" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f2248" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f2249" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f2250" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f2251" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f2252" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f2253" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f2254" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f2255" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f2256" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f2257" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f2258" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f2259" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f2260" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f2261" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f2262" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f2263" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f2264" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f2265" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f2266" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f2267" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f2268" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f2269" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f2270" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f2271" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f2272" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f2273" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f2274" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f2275" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f2276" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f2277" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f2278" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f2279" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f2280" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f2281" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f2282" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f2283" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f2284" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f2285" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f2286" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f2287" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f2288" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f2289" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f2290" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f2291" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f2292" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f2293" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f2294" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f2295" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f2296" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f2297" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f2298" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f2299" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f2300" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f2301" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f2302" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f2303" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f2304" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f2305" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f2306" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f2307" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f2308" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f2309" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f2310" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f2311" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f2312" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f2313" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f2314" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f2315" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f2316" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f2317" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f2318" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f2319" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f2320" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f2321" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f2322" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f2323" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f2324" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f2325" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f2326" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f2327" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f2328" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f2329" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f2330" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f2331" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f2332" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f2333" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f2334" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f2335" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f2336" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f2337" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f2338" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f2339" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f2340" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f2341" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f2342" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f2343" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f2344" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f2345" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f2346" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f2347" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f2348" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f2349" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f2350" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f2351" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f2352" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f2353" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f2354" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f2355" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f2356" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f2357" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f2358" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f2359" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f2360" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f2361" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f2362" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f2363" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f2364" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f2365" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f2366" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f2367" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f2368" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f2369" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f2370" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f2371" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f2372" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f2373" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f2374" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f2375" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f2376" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f2377" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f2378" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f2379" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f2380" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f2381" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f2382" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f2383" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f2384" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f2385" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f2386" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f2387" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f2388" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f2389" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f2390" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f2391" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f2392" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f2393" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f2394" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f2395" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f2396" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f2397" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f2398" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f2399" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f2400" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f2401" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f2402" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f2403" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f2404" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f2405" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f2406" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f2407" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f2408" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f2409" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f2410" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f2411" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f2412" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f2413" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f2414" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f2415" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f2416" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f2417" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f2418" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f2419" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f2420" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f2421" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f2422" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f2423" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f2424" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f2425" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f2426" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f2427" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f2428" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f2429" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f2430" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f2431" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f2432" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f2433" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f2434" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f2435" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f2436" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f2437" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f2438" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f2439" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f2440" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f2441" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f2442" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f2443" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f2444" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f2445" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f2446" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f2447" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f2448" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f2449" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f2450" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f2451" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f2452" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f2453" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f2454" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f2455" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f2456" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f2457" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f2458" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f2459" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f2460" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f2461" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f2462" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f2463" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f2464" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f2465" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f2466" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f2467" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f2468" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f2469" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f2470" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f2471" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f2472" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f2473" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f2474" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f2475" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f2476" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f2477" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f2478" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f2479" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f2480" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f2481" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f2482" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f2483" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f2484" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f2485" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f2486" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f2487" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f2488" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f2489" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f2490" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f2491" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f2492" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f2493" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f2494" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f2495" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f2496" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f2497" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f2498" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f2499" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f2500" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f2501" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f2502" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f2503" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f2504" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f2505" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f2506" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f2507" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f2508" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f2509" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f2510" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f2511" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f2512" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f2513" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f2514" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f2515" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f2516" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f2517" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f2518" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f2519" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f2520" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f2521" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f2522" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f2523" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f2524" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f2525" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f2526" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f2527" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f2528" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f2529" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f2530" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f2531" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f2532" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f2533" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f2534" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f2535" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f2536" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f2537" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f2538" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f2539" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f2540" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f2541" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f2542" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f2543" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f2544" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f2545" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f2546" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f2547" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f2548" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f2549" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f2550" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f2551" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f2552" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f2553" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f2554" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f2555" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f2556" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f2557" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f2558" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f2559" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f2560" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f2561" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f2562" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f2563" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f2564" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f2565" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f2566" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f2567" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f2568" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f2569" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f2570" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f2571" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f2572" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f2573" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f2574" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f2575" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f2576" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f2577" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f2578" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f2579" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f2580" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f2581" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f2582" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f2583" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f2584" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f2585" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f2586" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f2587" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f2588" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f2589" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f2590" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f2591" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f2592" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f2593" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f2594" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f2595" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f2596" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f2597" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f2598" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f2599" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f2600" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f2601" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f2602" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f2603" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f2604" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f2605" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f2606" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f2607" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f2608" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f2609" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f2610" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f2611" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f2612" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f2613" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f2614" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f2615" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f2616" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f2617" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f2618" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f2619" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f2620" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f2621" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f2622" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f2623" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f2624" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f2625" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f2626" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f2627" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f2628" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f2629" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f2630" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f2631" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f2632" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f2633" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f2634" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f2635" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f2636" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f2637" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f2638" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f2639" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f2640" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f2641" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f2642" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f2643" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f2644" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f2645" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f2646" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f2647" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f2648" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f2649" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f2650" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f2651" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f2652" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f2653" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f2654" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f2655" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f2656" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f2657" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f2658" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f2659" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f2660" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f2661" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f2662" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f2663" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f2664" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f2665" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f2666" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f2667" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f2668" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f2669" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f2670" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f2671" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f2672" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f2673" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f2674" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f2675" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f2676" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f2677" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f2678" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f2679" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f2680" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f2681" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f2682" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f2683" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f2684" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f2685" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f2686" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f2687" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f2688" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f2689" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f2690" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f2691" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f2692" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f2693" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f2694" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f2695" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f2696" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f2697" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f2698" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f2699" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f2700" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f2701" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f2702" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f2703" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f2704" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f2705" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f2706" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f2707" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f2708" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f2709" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f2710" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f2711" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f2712" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f2713" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f2714" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f2715" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f2716" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f2717" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f2718" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f2719" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f2720" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f2721" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f2722" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f2723" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f2724" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f2725" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f2726" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f2727" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f2728" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f2729" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f2730" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f2731" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f2732" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f2733" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f2734" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f2735" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f2736" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f2737" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f2738" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f2739" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f2740" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f2741" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f2742" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f2743" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f2744" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f2745" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f2746" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f2747" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f2748" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f2749" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f2750" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f2751" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f2752" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f2753" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f2754" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f2755" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f2756" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f2757" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f2758" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f2759" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f2760" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f2761" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f2762" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f2763" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f2764" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f2765" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f2766" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f2767" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f2768" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f2769" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f2770" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f2771" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f2772" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f2773" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f2774" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f2775" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f2776" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f2777" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f2778" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f2779" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f2780" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f2781" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f2782" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f2783" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f2784" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f2785" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f2786" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f2787" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f2788" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f2789" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f2790" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f2791" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f2792" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f2793" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f2794" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f2795" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f2796" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f2797" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f2798" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f2799" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f2800" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f2801" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f2802" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f2803" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f2804" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f2805" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f2806" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f2807" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f2808" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f2809" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f2810" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f2811" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f2812" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f2813" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f2814" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f2815" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f2816" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f2817" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f2818" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f2819" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f2820" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f2821" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f2822" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f2823" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f2824" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f2825" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f2826" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f2827" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f2828" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f2829" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f2830" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f2831" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f2832" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f2833" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f2834" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f2835" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f2836" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f2837" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f2838" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f2839" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f2840" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f2841" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f2842" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f2843" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f2844" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f2845" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f2846" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f2847" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f2848" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f2849" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f2850" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f2851" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f2852" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f2853" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f2854" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f2855" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f2856" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f2857" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f2858" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f2859" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f2860" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f2861" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f2862" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f2863" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f2864" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f2865" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f2866" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f2867" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f2868" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f2869" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f2870" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f2871" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f2872" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f2873" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f2874" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f2875" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f2876" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f2877" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f2878" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f2879" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f2880" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f2881" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f2882" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f2883" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f2884" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f2885" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f2886" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f2887" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f2888" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f2889" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f2890" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f2891" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f2892" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f2893" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f2894" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f2895" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f2896" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f2897" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f2898" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f2899" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f2900" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f2901" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f2902" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f2903" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f2904" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f2905" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f2906" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f2907" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f2908" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f2909" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f2910" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f2911" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f2912" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f2913" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f2914" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f2915" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f2916" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f2917" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f2918" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f2919" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f2920" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f2921" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f2922" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f2923" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f2924" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f2925" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f2926" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f2927" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f2928" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f2929" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f2930" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f2931" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f2932" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f2933" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f2934" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f2935" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f2936" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f2937" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f2938" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f2939" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f2940" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f2941" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f2942" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f2943" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f2944" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f2945" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f2946" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f2947" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f2948" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f2949" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f2950" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f2951" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f2952" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f2953" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f2954" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f2955" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f2956" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f2957" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f2958" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f2959" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f2960" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f2961" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f2962" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f2963" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f2964" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f2965" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f2966" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f2967" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f2968" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f2969" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f2970" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f2971" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f2972" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f2973" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f2974" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f2975" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f2976" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f2977" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f2978" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f2979" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f2980" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f2981" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f2982" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f2983" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f2984" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f2985" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f2986" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f2987" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f2988" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f2989" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f2990" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f2991" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f2992" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f2993" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f2994" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f2995" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f2996" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f2997" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f2998" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f2999" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f3000" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f3001" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f3002" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f3003" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f3004" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f3005" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f3006" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f3007" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f3008" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f3009" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f3010" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f3011" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f3012" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f3013" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f3014" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f3015" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f3016" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f3017" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f3018" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f3019" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f3020" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f3021" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f3022" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f3023" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f3024" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f3025" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f3026" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f3027" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f3028" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f3029" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f3030" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f3031" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f3032" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f3033" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f3034" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f3035" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f3036" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f3037" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f3038" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f3039" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f3040" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f3041" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f3042" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f3043" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f3044" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f3045" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f3046" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f3047" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f3048" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f3049" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f3050" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f3051" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f3052" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f3053" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f3054" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f3055" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f3056" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f3057" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f3058" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f3059" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f3060" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f3061" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f3062" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f3063" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f3064" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f3065" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f3066" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f3067" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f3068" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f3069" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f3070" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f3071" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f3072" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f3073" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f3074" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f3075" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f3076" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f3077" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f3078" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f3079" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f3080" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f3081" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f3082" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f3083" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f3084" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f3085" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f3086" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f3087" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f3088" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f3089" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f3090" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f3091" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f3092" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f3093" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f3094" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f3095" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f3096" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f3097" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f3098" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f3099" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f3100" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f3101" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f3102" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f3103" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f3104" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f3105" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f3106" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f3107" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f3108" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f3109" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f3110" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f3111" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f3112" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f3113" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f3114" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f3115" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f3116" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f3117" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f3118" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f3119" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f3120" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f3121" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f3122" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f3123" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f3124" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f3125" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f3126" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f3127" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f3128" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f3129" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f3130" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f3131" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f3132" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f3133" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f3134" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f3135" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f3136" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f3137" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f3138" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f3139" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f3140" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f3141" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f3142" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f3143" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f3144" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f3145" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f3146" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f3147" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f3148" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f3149" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f3150" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f3151" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f3152" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f3153" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f3154" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f3155" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f3156" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f3157" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f3158" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f3159" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f3160" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f3161" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f3162" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f3163" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f3164" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f3165" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f3166" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f3167" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f3168" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f3169" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f3170" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f3171" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f3172" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f3173" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f3174" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f3175" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f3176" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f3177" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f3178" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f3179" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f3180" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f3181" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f3182" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f3183" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f3184" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f3185" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f3186" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f3187" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f3188" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f3189" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f3190" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f3191" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f3192" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f3193" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f3194" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f3195" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f3196" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f3197" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f3198" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f3199" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f3200" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f3201" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f3202" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f3203" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f3204" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f3205" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f3206" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f3207" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f3208" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f3209" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f3210" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f3211" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f3212" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f3213" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f3214" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f3215" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f3216" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f3217" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f3218" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f3219" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f3220" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f3221" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f3222" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f3223" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f3224" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f3225" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f3226" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f3227" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f3228" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f3229" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f3230" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f3231" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f3232" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f3233" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f3234" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f3235" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f3236" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f3237" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f3238" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f3239" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f3240" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f3241" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f3242" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f3243" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f3244" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f3245" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f3246" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f3247" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f3248" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f3249" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f3250" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f3251" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f3252" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f3253" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f3254" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f3255" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f3256" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f3257" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f3258" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f3259" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f3260" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f3261" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f3262" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f3263" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f3264" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f3265" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f3266" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f3267" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f3268" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f3269" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f3270" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f3271" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f3272" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f3273" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f3274" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f3275" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f3276" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f3277" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f3278" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f3279" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f3280" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f3281" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f3282" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f3283" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f3284" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f3285" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f3286" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f3287" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f3288" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f3289" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f3290" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f3291" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f3292" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f3293" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f3294" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f3295" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f3296" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f3297" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f3298" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f3299" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f3300" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f3301" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f3302" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f3303" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f3304" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f3305" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f3306" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f3307" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f3308" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f3309" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f3310" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f3311" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f3312" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f3313" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f3314" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f3315" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f3316" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f3317" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f3318" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f3319" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f3320" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f3321" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f3322" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f3323" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f3324" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f3325" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f3326" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f3327" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f3328" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f3329" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f3330" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f3331" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f3332" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f3333" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f3334" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f3335" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f3336" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f3337" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f3338" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f3339" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f3340" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f3341" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f3342" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f3343" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f3344" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f3345" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f3346" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f3347" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f3348" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f3349" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f3350" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f3351" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f3352" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f3353" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f3354" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f3355" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f3356" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f3357" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f3358" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f3359" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f3360" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f3361" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f3362" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f3363" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f3364" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f3365" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f3366" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f3367" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f3368" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f3369" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f3370" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f3371" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f3372" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f3373" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f3374" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f3375" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f3376" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f3377" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f3378" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f3379" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f3380" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f3381" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f3382" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f3383" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f3384" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f3385" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f3386" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f3387" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f3388" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f3389" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f3390" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f3391" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f3392" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f3393" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f3394" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f3395" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f3396" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f3397" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f3398" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f3399" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f3400" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f3401" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f3402" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f3403" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f3404" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f3405" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f3406" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f3407" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f3408" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f3409" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f3410" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f3411" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f3412" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f3413" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f3414" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f3415" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f3416" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f3417" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f3418" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f3419" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f3420" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f3421" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f3422" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f3423" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f3424" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f3425" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f3426" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f3427" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f3428" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f3429" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f3430" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f3431" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f3432" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f3433" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f3434" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f3435" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f3436" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f3437" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f3438" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f3439" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f3440" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f3441" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f3442" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f3443" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f3444" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f3445" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f3446" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f3447" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f3448" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f3449" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f3450" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f3451" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f3452" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f3453" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f3454" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f3455" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f3456" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f3457" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f3458" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f3459" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f3460" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f3461" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f3462" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f3463" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f3464" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f3465" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f3466" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f3467" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f3468" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f3469" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f3470" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f3471" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f3472" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f3473" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f3474" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f3475" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f3476" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f3477" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f3478" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f3479" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f3480" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f3481" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f3482" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f3483" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f3484" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f3485" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f3486" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f3487" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f3488" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f3489" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f3490" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f3491" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f3492" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f3493" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f3494" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f3495" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f3496" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f3497" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f3498" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f3499" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f3500" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f3501" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f3502" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f3503" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f3504" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f3505" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f3506" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f3507" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f3508" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f3509" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f3510" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f3511" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f3512" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f3513" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f3514" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f3515" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f3516" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f3517" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f3518" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f3519" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f3520" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f3521" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f3522" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f3523" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f3524" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f3525" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f3526" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f3527" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f3528" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f3529" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f3530" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f3531" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f3532" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f3533" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f3534" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f3535" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f3536" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f3537" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f3538" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f3539" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f3540" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f3541" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f3542" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f3543" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f3544" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f3545" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f3546" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f3547" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f3548" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f3549" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f3550" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f3551" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f3552" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f3553" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f3554" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f3555" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f3556" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f3557" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f3558" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f3559" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f3560" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f3561" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f3562" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f3563" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f3564" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f3565" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f3566" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f3567" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f3568" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f3569" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f3570" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f3571" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f3572" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f3573" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f3574" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f3575" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f3576" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f3577" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f3578" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f3579" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f3580" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f3581" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f3582" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f3583" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f3584" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f3585" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f3586" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f3587" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f3588" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f3589" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f3590" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f3591" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f3592" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f3593" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f3594" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f3595" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f3596" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f3597" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f3598" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f3599" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f3600" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f3601" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f3602" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f3603" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f3604" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f3605" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f3606" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f3607" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f3608" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f3609" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f3610" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f3611" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f3612" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f3613" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f3614" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f3615" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f3616" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f3617" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f3618" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f3619" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f3620" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f3621" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f3622" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f3623" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f3624" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f3625" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f3626" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f3627" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f3628" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f3629" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f3630" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f3631" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f3632" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f3633" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f3634" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f3635" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f3636" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f3637" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f3638" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f3639" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f3640" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f3641" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f3642" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f3643" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f3644" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f3645" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f3646" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f3647" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f3648" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f3649" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f3650" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f3651" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f3652" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f3653" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f3654" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f3655" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f3656" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f3657" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f3658" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f3659" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f3660" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f3661" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f3662" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f3663" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f3664" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f3665" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f3666" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f3667" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f3668" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f3669" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f3670" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f3671" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f3672" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f3673" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f3674" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f3675" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f3676" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f3677" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f3678" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f3679" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f3680" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f3681" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f3682" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f3683" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f3684" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f3685" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f3686" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f3687" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f3688" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f3689" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f3690" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f3691" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f3692" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f3693" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f3694" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f3695" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f3696" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f3697" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f3698" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f3699" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f3700" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f3701" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f3702" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f3703" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f3704" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f3705" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f3706" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f3707" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f3708" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f3709" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f3710" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f3711" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f3712" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f3713" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f3714" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f3715" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f3716" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f3717" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f3718" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f3719" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f3720" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f3721" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f3722" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f3723" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f3724" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f3725" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f3726" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f3727" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f3728" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f3729" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f3730" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f3731" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f3732" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f3733" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f3734" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f3735" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f3736" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f3737" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f3738" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f3739" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f3740" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f3741" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f3742" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f3743" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f3744" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f3745" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f3746" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f3747" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f3748" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f3749" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f3750" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f3751" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f3752" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f3753" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f3754" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f3755" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f3756" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f3757" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f3758" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f3759" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f3760" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f3761" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f3762" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f3763" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f3764" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f3765" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f3766" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f3767" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f3768" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f3769" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f3770" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f3771" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f3772" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f3773" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f3774" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f3775" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f3776" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f3777" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f3778" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f3779" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f3780" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f3781" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f3782" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f3783" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f3784" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f3785" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f3786" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f3787" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f3788" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f3789" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f3790" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f3791" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f3792" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f3793" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f3794" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f3795" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f3796" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f3797" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f3798" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f3799" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f3800" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f3801" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f3802" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f3803" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f3804" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f3805" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f3806" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f3807" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f3808" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f3809" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f3810" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f3811" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f3812" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f3813" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f3814" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f3815" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f3816" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f3817" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f3818" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f3819" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f3820" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f3821" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f3822" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f3823" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f3824" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f3825" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f3826" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f3827" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f3828" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f3829" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f3830" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f3831" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f3832" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f3833" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f3834" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f3835" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f3836" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f3837" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f3838" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f3839" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f3840" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f3841" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f3842" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f3843" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f3844" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f3845" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f3846" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f3847" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f3848" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f3849" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f3850" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f3851" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f3852" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f3853" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f3854" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f3855" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f3856" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f3857" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f3858" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f3859" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f3860" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f3861" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f3862" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f3863" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f3864" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f3865" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f3866" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f3867" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f3868" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f3869" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f3870" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f3871" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f3872" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f3873" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f3874" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f3875" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f3876" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f3877" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f3878" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f3879" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f3880" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f3881" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f3882" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f3883" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f3884" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f3885" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f3886" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f3887" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f3888" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f3889" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f3890" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f3891" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f3892" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f3893" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f3894" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f3895" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f3896" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f3897" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f3898" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f3899" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f3900" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f3901" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f3902" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f3903" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f3904" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f3905" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f3906" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f3907" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f3908" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f3909" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f3910" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f3911" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f3912" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f3913" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f3914" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f3915" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f3916" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f3917" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f3918" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f3919" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f3920" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f3921" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f3922" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f3923" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f3924" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f3925" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f3926" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f3927" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f3928" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f3929" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f3930" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f3931" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f3932" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f3933" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f3934" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f3935" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f3936" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f3937" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f3938" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f3939" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f3940" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f3941" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f3942" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f3943" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f3944" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f3945" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f3946" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f3947" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f3948" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f3949" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f3950" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f3951" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f3952" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f3953" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f3954" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f3955" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f3956" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f3957" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f3958" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f3959" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f3960" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f3961" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f3962" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f3963" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f3964" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f3965" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f3966" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f3967" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f3968" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f3969" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f3970" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f3971" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f3972" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f3973" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f3974" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f3975" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f3976" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f3977" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f3978" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f3979" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f3980" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f3981" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f3982" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f3983" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f3984" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f3985" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f3986" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f3987" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f3988" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f3989" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f3990" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f3991" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f3992" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f3993" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f3994" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f3995" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f3996" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f3997" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f3998" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "f3999" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

requirement "more" {
  condition     = fabric.f3999.bisection.ratio >= 2
  error_message = "never"
}
